import { parseGwei, toHex } from 'viem'
import { anvilRpc } from './anvil.ts'

/**
 * anvil's accounts 5…9 (test mnemonic), unused by the wallet's tests: one pays each tip of a block
 * (one sender's transactions in a block that is not mined yet would share a nonce and replace
 * each other).
 */
export const marketAccounts = [
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
  '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
] as const

/**
 * Gives the fee market something to read: `blocks` blocks (default 20, the whole window the wallet
 * reads), each of transfers from `marketAccounts` tipping `tipsGwei` each (at most five), mined together (automine
 * off meanwhile, back on after).
 */
export async function mineTippedBlocks(
  anvilUrl: string,
  tipsGwei: string[],
  blocks = 20,
): Promise<void> {
  await anvilRpc(anvilUrl, 'evm_setAutomine', [false])
  try {
    for (let block = 0; block < blocks; block += 1) await sendTipped(anvilUrl, tipsGwei)
  } finally {
    await anvilRpc(anvilUrl, 'evm_setAutomine', [true])
  }
}

async function sendTipped(anvilUrl: string, tipsGwei: string[]): Promise<void> {
  for (const [index, tip] of tipsGwei.entries()) {
    const account = marketAccounts[index]
    if (!account) throw new Error(`at most ${marketAccounts.length} tips a block`)
    await anvilRpc(anvilUrl, 'eth_sendTransaction', [
      {
        from: account,
        to: account,
        value: '0x1',
        maxPriorityFeePerGas: toHex(parseGwei(tip)),
        maxFeePerGas: toHex(parseGwei(tip) + parseGwei('100')),
      },
    ])
  }
  await anvilRpc(anvilUrl, 'evm_mine', [])
}

/** A transaction as anvil answers `eth_getTransactionByHash`: the fields the fee tests compare. */
export type MinedFees = { maxFeePerGas: string; maxPriorityFeePerGas: string; nonce: string }

/** The signed fees of `hash`, read back from anvil. */
export const feesOf = (anvilUrl: string, hash: string): Promise<MinedFees> =>
  anvilRpc<MinedFees>(anvilUrl, 'eth_getTransactionByHash', [hash])
