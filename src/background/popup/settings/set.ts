import { invalidFields } from '../../../core/rpc/errors.ts'
import { validateSettingsChanges } from '../../../core/wallet/validateSettings.ts'
import type { PopupHandler, PopupPorts } from '../ports.ts'

/**
 * `settings:set`: the changed settings, validated (`invalid_fields` per field). The public Solana
 * clusters' endpoints are not among them: they are checked live through `networks:save`. A new
 * auto-lock time counts from the change; turning a list's updates on (the phishing list, the
 * known-bad addresses) fetches it now.
 */
export const settingsSet =
  ({
    networks,
    autoLock,
    phishingList,
    knownBadList,
  }: Pick<
    PopupPorts,
    'networks' | 'autoLock' | 'phishingList' | 'knownBadList'
  >): PopupHandler<'settings:set'> =>
  async ({ solanaNetworks: _checkedLive, ...changes }) => {
    const problems = validateSettingsChanges(changes)
    if (Object.keys(problems).length > 0) throw invalidFields(problems)
    const settings = await networks.update(changes)
    if (changes.autoLockMinutes !== undefined) await autoLock.restart()
    // Turned on, the list is fetched now; turned off, its alarm is cleared and nothing is fetched.
    if (changes.phishingListUpdates !== undefined) await phishingList.update()
    if (changes.knownBadListUpdates !== undefined) await knownBadList.update()
    return settings
  }
