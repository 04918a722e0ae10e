import type { SettingsView } from '../protocol/popupMessages.ts'
import { httpProtocols, isUrlWithProtocol, webSocketProtocols } from './isUrlWithProtocol.ts'

/** The longest auto-lock delay offered: one day. */
export const maxAutoLockMinutes = 24 * 60

/**
 * Problems with a settings change from the popup, keyed by field (`infuraApiKey`,
 * `autoLockMinutes`, `localDevnet.rpcUrl`, `localDevnet.wsUrl`, and the same two of
 * `localSolanaDevnet`); empty when it can be saved.
 *
 * @example validateSettingsChanges({ autoLockMinutes: 0 }) // { autoLockMinutes: 'Between 1 and 1440 minutes.' }
 */
export function validateSettingsChanges(changes: Partial<SettingsView>): Record<string, string> {
  const problems: Record<string, string> = {}
  const { infuraApiKey, autoLockMinutes } = changes
  if (infuraApiKey !== undefined && !/^[A-Za-z0-9_-]*$/.test(infuraApiKey.trim())) {
    problems.infuraApiKey = 'An API key holds only letters, digits, _ and -.'
  }
  if (
    autoLockMinutes !== undefined &&
    !(
      Number.isInteger(autoLockMinutes) &&
      autoLockMinutes >= 1 &&
      autoLockMinutes <= maxAutoLockMinutes
    )
  ) {
    problems.autoLockMinutes = `Between 1 and ${maxAutoLockMinutes} minutes.`
  }
  for (const field of ['phishingListUpdates', 'knownBadListUpdates'] as const) {
    if (changes[field] !== undefined && typeof changes[field] !== 'boolean') {
      problems[field] = 'On or off.'
    }
  }
  for (const field of ['localDevnet', 'localSolanaDevnet'] as const) {
    const endpoint = changes[field]
    if (endpoint === undefined) continue
    if (!isUrlWithProtocol(endpoint.rpcUrl.trim(), httpProtocols)) {
      problems[`${field}.rpcUrl`] = 'Enter an http:// or https:// URL.'
    }
    if (!isUrlWithProtocol(endpoint.wsUrl.trim(), webSocketProtocols)) {
      problems[`${field}.wsUrl`] = 'Enter a ws:// or wss:// URL.'
    }
  }
  return problems
}
