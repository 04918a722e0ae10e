import fc from 'fast-check'

/** Real chain ids and namespaces, a few unsupported or malformed ones, and arbitrary strings. */
export const scopeKeyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'eip155:1',
    'eip155:10',
    'eip155:137',
    'eip155:31337',
    'eip155',
    'bip122:000000000019d6689c085ae165831e93',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'solana',
    'wallet',
    'eip155:0x1',
    'EIP155:1',
  ),
  fc.string({ maxLength: 12 }),
)

export const methodArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'eth_call',
    'eth_getBalance',
    'eth_blockNumber',
    'eth_chainId',
    'eth_getLogs',
    'eth_subscribe',
    'eth_unsubscribe',
    'eth_sendRawTransaction',
    'eth_sendTransaction',
    'personal_sign',
  ),
  fc.string({ maxLength: 8 }),
)

export const notificationArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('eth_subscription', 'accountsChanged', 'chainChanged'),
  fc.string({ maxLength: 8 }),
)

const addressArb = fc
  .constantFrom(
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  )
  .chain((address) =>
    fc.constantFrom(address, address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`),
  )

export const accountArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom('eip155:1', 'eip155:10', 'eip155:31337', 'eip155:137'), addressArb)
    .map(([chainId, address]) => `${chainId}:${address}`),
  fc.string({ maxLength: 20 }),
)

/** Mostly-valid lists with occasional wrong types, to reach both the happy and the error paths. */
const listOf = (item: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  )

/** A scope object as a dapp might send it, often wrong somewhere. */
export const messyScopeObjectArb = fc.record(
  {
    references: listOf(fc.constantFrom('1', '10', '137', '31337', '0x1', '')),
    methods: listOf(methodArb),
    notifications: listOf(notificationArb),
    accounts: listOf(accountArb),
    rpcDocuments: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
)

const knownMethodArb = fc.constantFrom(
  'eth_call',
  'eth_getBalance',
  'eth_blockNumber',
  'eth_subscribe',
  'eth_sendTransaction',
)
const knownNotificationArb = fc.constantFrom('eth_subscription', 'accountsChanged')
const eip155References = ['1', '10', '137', '31337']

const accountsOn = (chainIds: string[]) =>
  fc.array(
    fc.tuple(fc.constantFrom(...chainIds), addressArb).map(([chainId, a]) => `${chainId}:${a}`),
    { maxLength: 3 },
  )

/** One valid `[key, scope]` entry: a chain key, or `eip155` with references. */
const validEntryArb: fc.Arbitrary<[string, Record<string, unknown>]> = fc.oneof(
  fc.constantFrom(...eip155References.map((r) => `eip155:${r}`)).chain((chainId) =>
    fc
      .record(
        {
          methods: fc.array(knownMethodArb, { maxLength: 4 }),
          notifications: fc.array(knownNotificationArb, { maxLength: 2 }),
          accounts: accountsOn([chainId]),
        },
        { requiredKeys: ['methods', 'notifications'] },
      )
      .map((scope): [string, Record<string, unknown>] => [chainId, scope]),
  ),
  fc.subarray(eip155References, { minLength: 1 }).chain((references) =>
    fc
      .record(
        {
          references: fc.constant(references),
          methods: fc.array(knownMethodArb, { maxLength: 4 }),
          notifications: fc.array(knownNotificationArb, { maxLength: 2 }),
          accounts: accountsOn(references.map((r) => `eip155:${r}`)),
        },
        { requiredKeys: ['references', 'methods', 'notifications'] },
      )
      .map((scope): [string, Record<string, unknown>] => ['eip155', scope]),
  ),
)

/** A scopes map as a dapp might send it: mostly valid, sometimes wrong anywhere. */
export const scopesArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(validEntryArb, { maxLength: 3 })
      .map((entries) => Object.fromEntries(entries)),
  },
  { weight: 1, arbitrary: fc.dictionary(scopeKeyArb, messyScopeObjectArb, { maxKeys: 4 }) },
)

/** `wallet_createSession` params, structured but often wrong somewhere. */
export const createSessionParamsArb = fc.record(
  {
    requiredScopes: scopesArb,
    optionalScopes: scopesArb,
    sessionProperties: fc.oneof(
      { weight: 1, arbitrary: fc.constant(undefined) },
      fc.record(
        { expiry: fc.constantFrom('2030-01-01T00:00:00Z', '2020-01-01T00:00:00Z', 'soon') },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    scopedProperties: fc.jsonValue({ maxDepth: 2 }),
    sessionId: fc.string(),
  },
  { requiredKeys: [] },
)

/** What a wallet might support: some of the real chains, each with some methods. */
export const capabilitiesArb = fc.record({
  chains: fc.dictionary(
    fc.constantFrom('eip155:1', 'eip155:10', 'eip155:137', 'eip155:31337'),
    fc.record({
      methods: fc.uniqueArray(methodArb, { maxLength: 8 }),
      notifications: fc.uniqueArray(notificationArb, { maxLength: 2 }),
    }),
    { maxKeys: 4 },
  ),
  accounts: fc.constant([
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  ] as `0x${string}`[]),
})
