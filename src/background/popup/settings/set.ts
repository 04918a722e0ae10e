import { invalidFields } from '../../../core/rpc/errors.ts'
import { validateSettingsChanges } from '../../../core/wallet/validateSettings.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `settings:set`: the changed settings, validated (`invalid_fields` per field). The public Solana
 * clusters' endpoints are not among them: they are checked live through `networks:save`. A new
 * auto-lock time counts from the change.
 */
export const settingsSet =
  ({
    networks,
    autoLock,
  }: Pick<PopupPorts, 'networks' | 'autoLock'>): PopupHandler<'settings:set'> =>
  async ({ solanaNetworks: _checkedLive, ...changes }) => {
    const problems = validateSettingsChanges(changes)
    if (Object.keys(problems).length > 0) throw invalidFields(problems)
    const settings = await networks.update(changes)
    if (changes.autoLockMinutes !== undefined) await autoLock.restart()
    return settings
  }
