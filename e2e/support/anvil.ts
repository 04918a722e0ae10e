import { keccak256, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { testMnemonic } from './walletUi.ts'

/** The first account of the test mnemonic (anvil's funded, unlocked account 0). */
export const firstAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** The second account of the test mnemonic (index 1). */
export const secondAccount = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** `topic0` of every log the emitter writes: `Emitted(uint256)`. */
export const emittedTopic: `0x${string}` = keccak256(toHex('Emitted(uint256)'))

type RpcAnswer<T> = { result?: T; error?: { code: number; message: string; data?: unknown } }

/** One JSON-RPC call straight to anvil (test set-up: mining, deploying, sending). */
export async function anvilRpc<T>(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as RpcAnswer<T>
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
  return answer.result as T
}

/** `address`'s ether balance at `latest`, in wei, as anvil holds it. */
export async function ethBalanceOf(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt(await anvilRpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']))
}

/** The nonce anvil holds for `address` at `latest`: how many transactions it sent. */
export async function nonceOf(rpcUrl: string, address: string): Promise<number> {
  return Number(await anvilRpc<string>(rpcUrl, 'eth_getTransactionCount', [address, 'latest']))
}

/** The receipt of `hash`, or null while it is not mined. */
export function receiptOf(
  rpcUrl: string,
  hash: string,
): Promise<{ status: string; from: string } | null> {
  return anvilRpc(rpcUrl, 'eth_getTransactionReceipt', [hash])
}

/** anvil's head block number. */
export async function blockNumber(rpcUrl: string): Promise<number> {
  return Number(await anvilRpc<string>(rpcUrl, 'eth_blockNumber'))
}

/** Mines `blocks` empty blocks; returns the new head number. */
export async function mine(rpcUrl: string, blocks = 1): Promise<bigint> {
  await anvilRpc(rpcUrl, 'anvil_mine', [toHex(blocks)])
  return BigInt(await anvilRpc<string>(rpcUrl, 'eth_blockNumber'))
}

/**
 * Runs `body` with anvil mining only when told (`evm_mine`), so what the wallet sends stays
 * pending; the pool is mined and automine is back on afterwards, whatever happened (the suite's
 * other tests share this anvil).
 */
export async function withAutomineOff(anvilUrl: string, body: () => Promise<void>): Promise<void> {
  await anvilRpc(anvilUrl, 'evm_setAutomine', [false])
  try {
    await body()
  } finally {
    await anvilRpc(anvilUrl, 'evm_mine', [])
    await anvilRpc(anvilUrl, 'evm_setAutomine', [true])
  }
}

/**
 * Runtime code of a tiny log emitter, hand-assembled: called with one 32-byte word `n`, it emits
 * `n` logs `LOG2(data = i, topics = [Emitted(uint256), i])` for i = 0..n-1.
 */
const emitterRuntime = [
  '6000', // PUSH1 0
  '35', // CALLDATALOAD            n
  '6000', // PUSH1 0               i n
  '5b', // JUMPDEST (0x05)         loop
  '8181', // DUP2 DUP2             i n i n
  '10', // LT                      i<n i n
  '15', // ISZERO
  '603e', // PUSH1 0x3e            end
  '57', // JUMPI                   i n
  '80', // DUP1
  '6000', // PUSH1 0
  '52', // MSTORE                  memory[0..32] = i
  '80', // DUP1                    topic1 = i
  `7f${emittedTopic.slice(2)}`, // PUSH32 topic0
  '6020', // PUSH1 32              size
  '6000', // PUSH1 0               offset
  'a2', // LOG2                    i n
  '6001', // PUSH1 1
  '01', // ADD                     i+1 n
  '6005', // PUSH1 0x05
  '56', // JUMP
  '5b', // JUMPDEST (0x3e)         end
  '00', // STOP
].join('')

/** Init code: copy the runtime (0x40 bytes, found after these 0x0b bytes) to memory, return it. */
const emitterInit = '604080600b6000396000f3'

/** Creation code of the log emitter. */
export const emitterCreationCode: `0x${string}` = `0x${emitterInit}${emitterRuntime}`

type Receipt = {
  status: string
  contractAddress: string | null
  blockNumber: string
  blockHash: string
  transactionHash: string
  logs: { logIndex: string }[]
}

/** Sends a transaction from an unlocked anvil account and returns its receipt (anvil automines). */
export async function sendAndWait(
  rpcUrl: string,
  transaction: { from?: string; to?: string; data?: string; value?: string; gas?: string },
): Promise<Receipt> {
  const hash = await anvilRpc<string>(rpcUrl, 'eth_sendTransaction', [
    { from: firstAccount, ...transaction },
  ])
  for (;;) {
    const receipt = await anvilRpc<Receipt | null>(rpcUrl, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`transaction ${hash} reverted`)
      return receipt
    }
    await anvilRpc(rpcUrl, 'evm_mine')
  }
}

/** Deploys the log emitter; returns its address. */
export async function deployEmitter(rpcUrl: string): Promise<`0x${string}`> {
  const receipt = await sendAndWait(rpcUrl, { data: emitterCreationCode })
  if (!receipt.contractAddress) throw new Error('emitter deployment has no contract address')
  return receipt.contractAddress as `0x${string}`
}

/** Has the emitter write `count` logs in one transaction; returns the receipt. */
export function emitLogs(rpcUrl: string, emitter: string, count: number): Promise<Receipt> {
  return sendAndWait(rpcUrl, {
    to: emitter,
    data: toHex(count, { size: 32 }),
    gas: toHex(Math.min(29_000_000, 60_000 + count * 1_600)),
  })
}

/**
 * A fresh emitter that wrote `count` logs in one block: the filter of exactly those logs and the
 * logs as anvil answers them (what a dapp must get through the wallet).
 */
export async function emittedLogs(
  rpcUrl: string,
  count: number,
): Promise<{ filter: { address: string; fromBlock: string; toBlock: string }; logs: unknown[] }> {
  const emitter = await deployEmitter(rpcUrl)
  const receipt = await emitLogs(rpcUrl, emitter, count)
  const filter = { address: emitter, fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber }
  return { filter, logs: await anvilRpc<unknown[]>(rpcUrl, 'eth_getLogs', [filter]) }
}

/**
 * A transfer of `value` wei to `to`, signed by account `addressIndex` of the test mnemonic (funded
 * by anvil) with its next nonce on anvil: the raw transaction a dapp hands to
 * `eth_sendRawTransaction`. Each spec signs with an index of its own, so set-up nonces never clash.
 */
export async function signedTransfer(
  rpcUrl: string,
  addressIndex: number,
  to: `0x${string}`,
  value: bigint,
): Promise<{ from: `0x${string}`; signed: `0x${string}` }> {
  const signer = mnemonicToAccount(testMnemonic, { addressIndex })
  const nonce = await anvilRpc<string>(rpcUrl, 'eth_getTransactionCount', [
    signer.address,
    'pending',
  ])
  const signed = await signer.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    nonce: Number(nonce),
    to,
    value,
    gas: 21_000n,
    maxFeePerGas: 10_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  })
  return { from: signer.address, signed }
}
