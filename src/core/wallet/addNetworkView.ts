import type { CustomNetwork } from './validateNetwork.ts'

/** The confirmation kind of an added network; its view is an `AddNetworkView`. */
export const addNetworkKind = 'add_network'

/** What the window shows of a network a page proposes (`ConfirmationViews['add_network']`). */
export type AddNetworkView = {
  /** The network as it will be saved. */
  network: CustomNetwork
  /** Its hosts on the user's own machine or network (`localNetworkHosts`): contacted only if allowed. */
  localHosts: string[]
}

/** The live check the user asked for in the window, kept on the record (`progress.check`). */
export type NetworkCheck = {
  /** The endpoint checked: the record's own. */
  rpcUrl: string
  passed: boolean
  /** What the window says: the chain found, or why the check failed. */
  message: string
}

/** The check kept on an `add_network` record, if any. */
export const networkCheckOf = (progress: unknown): NetworkCheck | undefined =>
  (progress as { check?: NetworkCheck } | undefined)?.check
