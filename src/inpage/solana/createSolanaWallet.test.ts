import { getBase58Codec } from '@solana/kit'
import type { StandardEventsChangeProperties } from '@wallet-standard/features'
import { describe, expect, it } from 'vitest'
import { createSolanaWallet, type SolanaWalletChannel } from './createSolanaWallet.ts'
import { WalletRequestError } from './walletRequestError.ts'

const local = 'solana:123456789abcdef'
const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const first = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
const second = '8Bd6cNHJVNfoVmjBXPcyxj7ysbZ4i3kzrMGqm6K5tSWF'
const evmScope = {
  'eip155:31337': {
    methods: ['personal_sign'],
    notifications: [],
    accounts: ['eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  },
}
const solanaScope = (chain: string, ...addresses: string[]) => ({
  [chain]: {
    methods: ['signMessage', 'signTransaction', 'signAndSendTransaction', 'signIn'],
    notifications: [],
    accounts: addresses.map((address) => `${chain}:${address}`),
  },
})
const icon = 'data:image/svg+xml;base64,PHN2Zy8+' as const
const base58 = getBase58Codec()
const signature = new Uint8Array(64).fill(7)

type Call = { method: string; scope?: string; params?: Record<string, unknown> }

/** The worker as the wallet object sees it: a session, and answers queued per method. */
function fakeChannel(initial: Record<string, unknown> = {}) {
  let sessionScopes: Record<string, unknown> = initial
  const calls: Call[] = []
  const answers: Array<() => Promise<unknown>> = []
  let connectRefusal: unknown
  let notify: (sessionScopes: unknown) => void = () => undefined
  const channel: SolanaWalletChannel = {
    connect: async (silent) => {
      if (silent) {
        calls.push({ method: 'connect silently' })
        return { sessionScopes, sessionProperties: {} }
      }
      calls.push({ method: 'connect' })
      if (connectRefusal !== undefined) throw connectRefusal
      sessionScopes = { ...sessionScopes, ...solanaScope(local, first) }
      return { sessionScopes, sessionProperties: {} }
    },
    disconnect: async () => {
      calls.push({ method: 'disconnect' })
      sessionScopes = Object.fromEntries(
        Object.entries(sessionScopes).filter(([scope]) => !scope.startsWith('solana:')),
      )
      return { sessionScopes, sessionProperties: {} }
    },
    invokeMethod: async (scope, request) => {
      calls.push({ method: request.method, scope, params: request.params })
      const answer = answers.shift()
      if (!answer) throw new Error(`no answer queued for ${request.method}`)
      return answer()
    },
    onSessionChanged: (listener) => {
      notify = listener
    },
  }
  return {
    channel,
    calls,
    answer: (value: unknown) => void answers.push(async () => value),
    refuse: (error: unknown) =>
      void answers.push(async () => {
        throw error
      }),
    refuseConnect: (error: unknown) => {
      connectRefusal = error
    },
    /** The worker sends `wallet_sessionChanged` (a change made by any API). */
    sessionChanged: (next: Record<string, unknown>) => {
      sessionScopes = next
      notify(next)
    },
  }
}

function walletOver(fake: ReturnType<typeof fakeChannel>) {
  const wallet = createSolanaWallet({ channel: fake.channel, icon, host: 'app.example' })
  const changes: StandardEventsChangeProperties[] = []
  wallet.features['standard:events'].on('change', (properties) => changes.push(properties))
  return { wallet, changes }
}

const connected = async (fake = fakeChannel()) => {
  const over = walletOver(fake)
  await over.wallet.features['standard:connect'].connect()
  over.changes.length = 0
  fake.calls.length = 0
  return { fake, ...over }
}

describe('createSolanaWallet', () => {
  it('is the Aperture wallet on the four Solana clusters with the standard and Solana features', () => {
    const { wallet } = walletOver(fakeChannel())
    expect(wallet.name).toBe('Aperture')
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.icon).toBe(icon)
    expect(wallet.chains).toEqual([
      'solana:mainnet',
      'solana:devnet',
      'solana:testnet',
      'solana:localnet',
    ])
    expect(Object.keys(wallet.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signIn',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(wallet.features['solana:signTransaction'].supportedTransactionVersions).toEqual([
      'legacy',
      0,
    ])
    expect(wallet.accounts).toEqual([])
  })

  it('cannot have its features replaced by the page', () => {
    const { wallet } = walletOver(fakeChannel())
    expect(Object.isFrozen(wallet)).toBe(true)
    expect(Object.isFrozen(wallet.features)).toBe(true)
    expect(Object.isFrozen(wallet.features['standard:connect'])).toBe(true)
  })

  it('connect asks the worker to add the Solana scope and answers its accounts, with change', async () => {
    const fake = fakeChannel(evmScope)
    const { wallet, changes } = walletOver(fake)
    const { accounts } = await wallet.features['standard:connect'].connect()
    expect(fake.calls).toEqual([{ method: 'connect' }])
    expect(accounts).toHaveLength(1)
    const [account] = accounts
    expect(account?.address).toBe(first)
    expect(account?.publicKey).toEqual(Uint8Array.from(base58.encode(first)))
    expect(account?.chains).toEqual(['solana:localnet'])
    expect(account?.features).toEqual([
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
      'solana:signIn',
    ])
    expect(wallet.accounts).toEqual(accounts)
    expect(changes).toEqual([{ accounts }])
  })

  it('hands out read-only accounts: frozen, the key and lists as copies', async () => {
    const { wallet } = await connected()
    const account = wallet.accounts[0] as (typeof wallet.accounts)[number]
    expect(Object.isFrozen(account)).toBe(true)
    ;(account.publicKey as Uint8Array).fill(0)
    ;(account.chains as string[]).splice(0)
    expect(account.publicKey).toEqual(Uint8Array.from(base58.encode(first)))
    expect(account.chains).toEqual(['solana:localnet'])
  })

  it('silent connect reads the session without a window, and answers no account when it has none', async () => {
    const fake = fakeChannel(evmScope)
    const { wallet, changes } = walletOver(fake)
    const { accounts } = await wallet.features['standard:connect'].connect({ silent: true })
    expect(fake.calls).toEqual([{ method: 'connect silently' }])
    expect(accounts).toEqual([])
    expect(changes).toEqual([])
  })

  it('silent connect answers the Solana accounts the session already holds', async () => {
    const fake = fakeChannel({ ...evmScope, ...solanaScope(devnet, second) })
    const { wallet } = walletOver(fake)
    const { accounts } = await wallet.features['standard:connect'].connect({ silent: true })
    expect(accounts.map((account) => [account.address, account.chains])).toEqual([
      [second, ['solana:devnet']],
    ])
  })

  it('a rejected connect rejects with an Error carrying 4001 and leaves no account', async () => {
    const fake = fakeChannel()
    fake.refuseConnect({ code: 4001, message: 'User rejected the request.' })
    const { wallet, changes } = walletOver(fake)
    const error = await wallet.features['standard:connect'].connect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([])
  })

  it('disconnect asks the worker to remove the Solana scope and empties the accounts, with change', async () => {
    const { fake, wallet, changes } = await connected()
    await wallet.features['standard:disconnect'].disconnect()
    expect(fake.calls).toEqual([{ method: 'disconnect' }])
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([{ accounts: [] }])
  })

  it('follows session changes made by any API: change with the new accounts, none when equal', async () => {
    const { fake, wallet, changes } = await connected()
    const before = wallet.accounts[0]
    fake.sessionChanged({ ...evmScope, ...solanaScope(local, first) })
    expect(changes).toEqual([])
    expect(wallet.accounts[0]).toBe(before)
    fake.sessionChanged({ ...solanaScope(local, first, second), ...solanaScope(devnet, second) })
    expect(changes).toHaveLength(1)
    expect(wallet.accounts.map((account) => [account.address, account.chains])).toEqual([
      [first, ['solana:localnet']],
      [second, ['solana:localnet', 'solana:devnet']],
    ])
    expect(wallet.accounts[0]).toBe(before)
    fake.sessionChanged({})
    expect(changes[1]).toEqual({ accounts: [] })
  })

  it('a removed listener hears no more changes', async () => {
    const fake = fakeChannel()
    const { wallet } = walletOver(fake)
    const heard: unknown[] = []
    const off = wallet.features['standard:events'].on('change', (properties) =>
      heard.push(properties),
    )
    off()
    await wallet.features['standard:connect'].connect()
    expect(heard).toEqual([])
  })

  it('signMessage invokes signMessage in the account’s scope with base64 and decodes the answer', async () => {
    const { fake, wallet } = await connected()
    const message = new TextEncoder().encode('Sign in to app.example')
    fake.answer({
      signature: base58.decode(signature),
      signedMessage: Buffer.from(message).toString('base64'),
      signatureType: 'ed25519',
    })
    const [account] = wallet.accounts
    const [output] = await wallet.features['solana:signMessage'].signMessage({
      account: account as (typeof wallet.accounts)[number],
      message,
    })
    expect(fake.calls).toEqual([
      {
        method: 'signMessage',
        scope: local,
        params: {
          account: { address: first },
          message: Buffer.from(message).toString('base64'),
        },
      },
    ])
    expect(output).toEqual({ signedMessage: message, signature, signatureType: 'ed25519' })
  })

  it('signAndSendTransaction invokes in the named chain’s scope with the send options', async () => {
    const { fake, wallet } = await connected()
    const transaction = Uint8Array.from([1, 2, 3, 4])
    fake.answer({ signature: base58.decode(signature) })
    const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: wallet.accounts[0] as (typeof wallet.accounts)[number],
      chain: 'solana:localnet',
      transaction,
      options: { commitment: 'confirmed', skipPreflight: false, maxRetries: undefined },
    })
    expect(fake.calls).toEqual([
      {
        method: 'signAndSendTransaction',
        scope: local,
        params: {
          account: { address: first },
          transaction: 'AQIDBA==',
          scope: local,
          options: { commitment: 'confirmed', skipPreflight: false },
        },
      },
    ])
    expect(output).toEqual({ signature })
  })

  it('signTransaction answers the signed bytes, and takes each input in turn', async () => {
    const { fake, wallet } = await connected()
    const account = wallet.accounts[0] as (typeof wallet.accounts)[number]
    fake.answer({ signedTransaction: 'BQY=' })
    fake.answer({ signedTransaction: 'Bwg=' })
    const outputs = await wallet.features['solana:signTransaction'].signTransaction(
      { account, transaction: Uint8Array.from([1]) },
      { account, transaction: Uint8Array.from([2]), chain: 'solana:localnet' },
    )
    expect(outputs).toEqual([
      { signedTransaction: Uint8Array.from([5, 6]) },
      { signedTransaction: Uint8Array.from([7, 8]) },
    ])
    expect(fake.calls.map((call) => [call.scope, call.params?.transaction])).toEqual([
      [local, 'AQ=='],
      [local, 'Ag=='],
    ])
  })

  it('a rejected signature rejects with 4001, and a node error comes back with its code and data', async () => {
    const { fake, wallet } = await connected()
    const account = wallet.accounts[0] as (typeof wallet.accounts)[number]
    fake.refuse({ code: 4001, message: 'User rejected the request.' })
    await expect(
      wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    fake.refuse({ code: -32002, message: 'Transaction simulation failed', data: { logs: [] } })
    await expect(
      wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        chain: 'solana:localnet',
        transaction: new Uint8Array([1]),
      }),
    ).rejects.toEqual(new WalletRequestError(-32002, 'Transaction simulation failed', { logs: [] }))
  })

  it('refuses an account the session does not hold with 4100, and input that is not bytes with -32602, without a call', async () => {
    const { fake, wallet } = await connected()
    const stranger = { ...(wallet.accounts[0] as object), address: second } as never
    await expect(
      wallet.features['solana:signMessage'].signMessage({
        account: stranger,
        message: new Uint8Array([1]),
      }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      wallet.features['solana:signMessage'].signMessage({
        account: wallet.accounts[0] as never,
        message: 'hello' as never,
      }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(fake.calls).toEqual([])
  })

  it('signIn connects first, signs in with the page’s host as domain, and answers the account', async () => {
    const fake = fakeChannel()
    const { wallet } = walletOver(fake)
    fake.answer({
      account: { address: first },
      signedMessage: 'aGVsbG8=',
      signature: base58.decode(signature),
      signatureType: 'ed25519',
    })
    const [output] = await wallet.features['solana:signIn'].signIn({
      statement: 'Welcome',
      nonce: 'abc12345',
      resources: ['https://app.example/terms'],
    })
    expect(fake.calls).toEqual([
      { method: 'connect' },
      {
        method: 'signIn',
        scope: local,
        params: {
          domain: 'app.example',
          address: first,
          statement: 'Welcome',
          nonce: 'abc12345',
          resources: ['https://app.example/terms'],
        },
      },
    ])
    expect(output?.account).toBe(wallet.accounts[0])
    expect(output?.signedMessage).toEqual(new TextEncoder().encode('hello'))
    expect(output?.signature).toEqual(signature)
  })

  it('signIn keeps the dapp’s domain and maps its chainId to the cluster’s scope', async () => {
    const { fake, wallet } = await connected()
    fake.answer({
      account: { address: first },
      signedMessage: 'aGVsbG8=',
      signature: base58.decode(signature),
    })
    await wallet.features['solana:signIn'].signIn({ domain: 'other.example', chainId: 'devnet' })
    expect(fake.calls).toEqual([
      {
        method: 'signIn',
        scope: devnet,
        params: { domain: 'other.example', address: first, chainId: 'devnet' },
      },
    ])
  })
})
