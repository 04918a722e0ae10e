import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { decodeFunctionData, encodeAbiParameters, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import type { SigningRequest } from '../../eth/signer.ts'
import type { Json, NodeAnswer } from '../../rpc/types.ts'
import { fromBase58 } from '../../solana/base58.ts'
import { toBase64 } from '../../solana/base64.ts'
import { decodeInstruction } from '../../solana/decodeInstruction.ts'
import type { SolanaSigningRequest } from '../../solana/solanaNamespace.ts'
import { walletOrigin } from '../walletOrigin.ts'
import type { SendDraft } from './sendDraft.ts'
import { sendFromWallet, type WalletSendPorts } from './sendFromWallet.ts'

const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const firstSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const stranger = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const sourceAccount = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const ether = 10n ** 18n
const hex = (value: bigint) => `0x${value.toString(16)}`

/** A token account's bytes: mint, owner, amount (u64 LE), padded to 165. */
function tokenAccountData(owner: string, amount: bigint): string {
  const bytes = new Uint8Array(165)
  bytes.set(fromBase58(mint), 0)
  bytes.set(fromBase58(owner), 32)
  new DataView(bytes.buffer).setBigUint64(64, amount, true)
  return toBase64(bytes)
}

/** The chain as the node answers it: the first account's balances, a token of 6 decimals. */
function node(answers: Partial<Record<string, (params: Json[]) => Json>> = {}) {
  const calls: string[] = []
  const defaults: Record<string, (params: Json[]) => Json> = {
    eth_getBalance: () => hex(2n * ether),
    eth_call: (params) => {
      const data = (params[0] as { data: string }).data
      if (data.startsWith('0x95d89b41')) return encodeAbiParameters([{ type: 'string' }], ['TST'])
      if (data.startsWith('0x313ce567')) return encodeAbiParameters([{ type: 'uint8' }], [6])
      return encodeAbiParameters([{ type: 'uint256' }], [5_000_000n])
    },
    eth_getTransactionCount: () => '0x3',
    eth_estimateGas: () => '0x5208',
    eth_feeHistory: () => ({ baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'] }),
    eth_maxPriorityFeePerGas: () => '0x3b9aca00',
    getBalance: () => ({ context: { slot: 1 }, value: 2_000_000_000 }),
    getLatestBlockhash: () => ({
      context: { slot: 1 },
      value: {
        blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
        lastValidBlockHeight: 150,
      },
    }),
    getFeeForMessage: () => ({ context: { slot: 1 }, value: 5000 }),
    getMinimumBalanceForRentExemption: () => 2_039_280,
    getAccountInfo: () => ({ context: { slot: 1 }, value: null }),
    getTokenAccountsByOwner: (params) =>
      (params[1] as { programId: string }).programId === TOKEN_PROGRAM_ADDRESS
        ? {
            context: { slot: 1 },
            value: [
              {
                pubkey: sourceAccount,
                account: {
                  lamports: 2_039_280,
                  owner: TOKEN_PROGRAM_ADDRESS,
                  data: [tokenAccountData(firstSolana, 7_000_000n), 'base64'],
                },
              },
            ],
          }
        : { context: { slot: 1 }, value: [] },
    getMultipleAccounts: () => {
      const data = new Uint8Array(82)
      data[44] = 6
      return {
        context: { slot: 1 },
        value: [{ lamports: 1, owner: TOKEN_PROGRAM_ADDRESS, data: [toBase64(data), 'base64'] }],
      }
    },
  }
  const call = async (method: string, params: Json[]): Promise<NodeAnswer> => {
    calls.push(method)
    const answer = answers[method] ?? defaults[method]
    if (!answer) return { error: { code: -32601, message: `no ${method}` } }
    return { result: answer(params) }
  }
  return { call, calls }
}

function wallet(chain = node()) {
  const evmRequests: SigningRequest[] = []
  const solanaRequests: SolanaSigningRequest[] = []
  const released: string[] = []
  const ports: WalletSendPorts = {
    node: () => chain.call,
    signer: {
      async sign(request) {
        evmRequests.push(request)
        return { result: '0x5e1d3a76fbf824220eafc8c79ad578ad2b67d01b0c2425eb1f1347e8f50882ab' }
      },
    },
    solanaSigner: {
      async sign(request) {
        solanaRequests.push(request)
        return { result: { signature: 'sig' } }
      },
    },
    release: async ({ requestKey }) => {
      released.push(requestKey)
    },
    carry: (_request, work) => work(),
    ownAddresses: async (namespace) => (namespace === 'eip155' ? [first, second] : [firstSolana]),
    hasNetwork: async (chainId) => ['eip155:31337', 'solana:123456789abcdef'].includes(chainId),
  }
  return { ports, evmRequests, solanaRequests, released, chain }
}

const ethDraft: SendDraft = {
  chainId: 'eip155:31337',
  from: first,
  asset: 'native',
  to: second,
  amount: '0.5',
}

describe('sendFromWallet on an EVM chain', () => {
  it('hands the signer an eth_sendTransaction of the value, from Aperture, and answers its hash', async () => {
    const { ports, evmRequests, released } = wallet()
    const sent = await sendFromWallet(ports, { requestId: 'r-1', draft: ethDraft })
    expect(sent).toEqual({
      id: '0x5e1d3a76fbf824220eafc8c79ad578ad2b67d01b0c2425eb1f1347e8f50882ab',
    })
    expect(evmRequests).toHaveLength(1)
    expect(evmRequests[0]).toMatchObject({
      origin: walletOrigin,
      chainId: 'eip155:31337',
      method: 'eth_sendTransaction',
      params: { from: first, to: second, value: hex(ether / 2n), data: '0x' },
    })
    expect(released).toEqual([evmRequests[0]?.requestKey])
  })

  it('hands the confirmation the custom fee picked on the screen, at the gas the confirmation estimates', async () => {
    const { ports, evmRequests } = wallet()
    const fee = { name: 'custom', maxFeeGwei: '3', priorityFeeGwei: '1.5' } as const
    await sendFromWallet(ports, { requestId: 'r-2', draft: { ...ethDraft, fee } })
    expect(evmRequests[0]).toMatchObject({ params: { gas: '0x6270' }, fee })
  })

  it('hands the confirmation the preset picked on the screen as that preset, not as numbers it would show as custom', async () => {
    const { ports, evmRequests } = wallet()
    await sendFromWallet(ports, {
      requestId: 'r-13',
      draft: { ...ethDraft, fee: { name: 'fast' } },
    })
    expect(evmRequests[0]).toMatchObject({ fee: { name: 'fast' } })
    expect(evmRequests[0]?.params).not.toHaveProperty('maxFeePerGas')
    expect(evmRequests[0]?.params).not.toHaveProperty('gasPrice')
  })

  it('refuses a custom fee whose priority is above its max fee', async () => {
    const { ports, evmRequests } = wallet()
    const fee = { name: 'custom', maxFeeGwei: '1', priorityFeeGwei: '2' } as const
    await expect(
      sendFromWallet(ports, { requestId: 'r-12', draft: { ...ethDraft, fee } }),
    ).rejects.toMatchObject({ code: 'invalid_fields' })
    expect(evmRequests).toEqual([])
  })

  it('sends an ERC-20 as transfer(recipient, amount) in the token’s decimals', async () => {
    const { ports, evmRequests } = wallet()
    await sendFromWallet(ports, {
      requestId: 'r-3',
      draft: { ...ethDraft, asset: token.toLowerCase(), amount: '1.25' },
    })
    const request = evmRequests[0]
    if (request?.method !== 'eth_sendTransaction') throw new Error('no transaction')
    expect(request.params).toMatchObject({ to: token, value: '0x0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: request.params.data })).toEqual({
      functionName: 'transfer',
      args: [second, 1_250_000n],
    })
  })

  it('estimates the gas of the transfer as it is signed: a token’s amount changes its gas', async () => {
    const estimated: Json[] = []
    const { ports, evmRequests } = wallet(
      node({
        eth_estimateGas: (params) => {
          estimated.push(params[0] ?? null)
          return '0xc350'
        },
      }),
    )
    await sendFromWallet(ports, {
      requestId: 'r-13',
      draft: { ...ethDraft, asset: token, amount: '1.25' },
    })
    const request = evmRequests[0]
    if (request?.method !== 'eth_sendTransaction') throw new Error('no transaction')
    expect(estimated).toEqual([expect.objectContaining({ to: token, data: request.params.data })])
    expect(request.params.gas).toBe('0xea60')
  })

  it('refuses a recipient with a bad EIP-55 checksum before anything is signed', async () => {
    const { ports, evmRequests } = wallet()
    const bad = `${second.slice(0, -1)}c`
    await expect(
      sendFromWallet(ports, { requestId: 'r-4', draft: { ...ethDraft, to: bad } }),
    ).rejects.toMatchObject({
      code: 'invalid_fields',
      fields: { to: expect.stringContaining('checksum') },
    })
    expect(evmRequests).toEqual([])
  })

  it('refuses an amount above the balance read now, whatever the popup showed', async () => {
    const { ports, evmRequests } = wallet()
    await expect(
      sendFromWallet(ports, { requestId: 'r-5', draft: { ...ethDraft, amount: '2.1' } }),
    ).rejects.toMatchObject({ fields: { amount: 'More than the balance: 2 ETH.' } })
    expect(evmRequests).toEqual([])
  })

  it('refuses the whole native balance: the maximum fee must be left', async () => {
    const { ports } = wallet()
    await expect(
      sendFromWallet(ports, { requestId: 'r-6', draft: { ...ethDraft, amount: '2' } }),
    ).rejects.toMatchObject({ fields: { amount: expect.stringContaining('maximum fee') } })
  })

  it('refuses an account that is not the wallet’s and a network the wallet does not have', async () => {
    const { ports } = wallet()
    await expect(
      sendFromWallet(ports, { requestId: 'r-7', draft: { ...ethDraft, from: token } }),
    ).rejects.toMatchObject({ fields: { from: 'Not one of your accounts.' } })
    await expect(
      sendFromWallet(ports, { requestId: 'r-8', draft: { ...ethDraft, chainId: 'eip155:1' } }),
    ).rejects.toMatchObject({ code: 'unknown_network' })
  })

  it('refuses a token address that does not answer as ERC-20', async () => {
    const { ports } = wallet(node({ eth_call: () => '0x' }))
    await expect(
      sendFromWallet(ports, { requestId: 'r-9', draft: { ...ethDraft, asset: token } }),
    ).rejects.toMatchObject({ fields: { asset: expect.stringContaining('ERC-20') } })
  })

  it('gives one request id one identity: the same draft again re-attaches, another differs', async () => {
    const { ports, evmRequests } = wallet()
    await sendFromWallet(ports, { requestId: 'r-10', draft: ethDraft })
    await sendFromWallet(ports, { requestId: 'r-10', draft: ethDraft })
    await sendFromWallet(ports, { requestId: 'r-10', draft: { ...ethDraft, amount: '0.6' } })
    const [once, again, other] = evmRequests
    expect(again?.requestKey).toBe(once?.requestKey)
    expect(again?.requestDigest).toBe(once?.requestDigest)
    expect(other?.requestDigest).not.toBe(once?.requestDigest)
  })

  it('turns the signer’s node error into a refusal with the node’s message', async () => {
    const { ports } = wallet()
    ports.signer = { sign: async () => ({ error: { code: -32000, message: 'nonce too low' } }) }
    await expect(
      sendFromWallet(ports, { requestId: 'r-11', draft: ethDraft }),
    ).rejects.toMatchObject({
      code: -32000,
      message: 'nonce too low',
    })
  })
})

describe('sendFromWallet on Solana', () => {
  const solDraft: SendDraft = {
    chainId: 'solana:123456789abcdef',
    from: firstSolana,
    asset: 'native',
    to: stranger,
    amount: '1.5',
  }

  it('hands the signer a System transfer of the lamports, from Aperture, as signAndSendTransaction', async () => {
    const { ports, solanaRequests } = wallet()
    expect(await sendFromWallet(ports, { requestId: 's-1', draft: solDraft })).toEqual({
      id: 'sig',
    })
    const request = solanaRequests[0]
    if (request?.method !== 'signAndSendTransaction') throw new Error('no transaction')
    expect(request.origin).toBe(walletOrigin)
    expect(request.transaction.feePayer).toBe(firstSolana)
    const [transfer] = request.transaction.instructions.map(decodeInstruction)
    expect(transfer).toMatchObject({ program: 'System Program', instruction: 'Transfer' })
    expect(transfer?.fields).toContainEqual({ label: 'Lamports', value: '1500000000' })
    expect(transfer?.fields).toContainEqual({ label: 'To', value: stranger })
  })

  it('refuses a SOL amount that leaves too little for the fee', async () => {
    const { ports } = wallet()
    await expect(
      sendFromWallet(ports, { requestId: 's-2', draft: { ...solDraft, amount: '2' } }),
    ).rejects.toMatchObject({ fields: { amount: expect.stringContaining('maximum fee') } })
  })

  it('sends a token with transferChecked from the account holding it, creating the recipient’s token account first', async () => {
    const { ports, solanaRequests } = wallet()
    await sendFromWallet(ports, {
      requestId: 's-3',
      draft: { ...solDraft, asset: mint, amount: '2.5' },
    })
    const request = solanaRequests[0]
    if (request?.method !== 'signAndSendTransaction') throw new Error('no transaction')
    const [create, transfer] = request.transaction.instructions.map(decodeInstruction)
    expect(create).toMatchObject({ instruction: 'Create token account' })
    expect(create?.fields).toContainEqual({ label: 'Owner', value: stranger })
    expect(transfer).toMatchObject({ program: 'SPL Token', instruction: 'Transfer (checked)' })
    expect(transfer?.fields).toEqual(
      expect.arrayContaining([
        { label: 'Source', value: sourceAccount },
        {
          label: 'Destination',
          value: create?.fields.find((f) => f.label === 'New account')?.value,
        },
        { label: 'Amount', value: '2500000' },
        { label: 'Decimals', value: '6' },
      ]),
    )
  })

  it('does not create the token account when the recipient has one', async () => {
    const chain = node({
      getAccountInfo: () => ({
        context: { slot: 1 },
        value: { lamports: 2_039_280, owner: TOKEN_PROGRAM_ADDRESS, data: ['', 'base64'] },
      }),
    })
    const { ports, solanaRequests } = wallet(chain)
    await sendFromWallet(ports, {
      requestId: 's-4',
      draft: { ...solDraft, asset: mint, amount: '1' },
    })
    const request = solanaRequests[0]
    if (request?.method !== 'signAndSendTransaction') throw new Error('no transaction')
    expect(
      request.transaction.instructions.map(decodeInstruction).map((view) => view.instruction),
    ).toEqual(['Transfer (checked)'])
  })

  it('refuses a token the account does not hold, and more than it holds', async () => {
    const { ports } = wallet()
    await expect(
      sendFromWallet(ports, {
        requestId: 's-5',
        draft: { ...solDraft, asset: stranger, amount: '1' },
      }),
    ).rejects.toMatchObject({ fields: { asset: expect.any(String) } })
    await expect(
      sendFromWallet(ports, {
        requestId: 's-6',
        draft: { ...solDraft, asset: mint, amount: '7.000001' },
      }),
    ).rejects.toMatchObject({ fields: { amount: 'More than the balance: 7 EPjF…Dt1v.' } })
  })
})
