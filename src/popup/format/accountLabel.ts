/**
 * An 0x address cut to its first four and last four digits, as the popup shows an account beside its
 * name (the full address goes in a title or a block of its own).
 *
 * @example shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // '0xf39F…2266'
 */
export const shortAddress = (address: string): string =>
  `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * An account in one line of text, where only text fits (a select's options): its name (the
 * worker's, `WalletState.names`) and its short address.
 *
 * @example accountLabel('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'Savings') // 'Savings · 0x7099…79C8'
 */
export const accountLabel = (address: string, name: string): string =>
  `${name} · ${shortAddress(address)}`
