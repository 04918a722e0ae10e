import type { Page } from '@playwright/test'
import {
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  parseEther,
  toHex,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devnet, expect, test } from './fixtures.ts'
import {
  anvilRpc,
  deployEmitter,
  emitLogs,
  firstAccount,
  mine,
  secondAccount,
  signedTransfer,
} from './support/anvil.ts'
import { answerConfirmation, waitForConfirmation } from './support/confirmations.ts'
import { chainOf, openViemDapp } from './support/ethereumDapps.ts'
import { openWalletPopup } from './support/popupScreens.ts'
import { invoke } from './support/provider.ts'
import type { ServedDapp } from './support/serveDapp.ts'
import { deployTestToken } from './support/testToken.ts'
import { addAccount, approve, testMnemonic } from './support/walletUi.ts'

// Every method a page can call, through the built extension (issue 30; docs/testing.md "Methods
// and the specs that cover them"). This spec holds the ones no other spec reaches: each node read
// of DESIGN §4 both under the `eip155` scope (`wallet_invokeMethod`) and through the EIP-1193
// provider, each checked against what anvil itself answers; `eth_accounts` under the scope; and the
// EIP-1193 provider's `wallet_requestPermissions` and EIP-5792 calls.

type Hex = `0x${string}`
type Answer = { result?: unknown; error?: { code: unknown; message: string } }

/** What anvil holds for the reads to ask about, set up straight on anvil. */
type Chain = {
  /** A TestToken holding `supply` for the first account: code, storage, calls. */
  token: Hex
  supply: bigint
  /** A log emitter and its one transaction that wrote three logs, alone in its block. */
  emitter: Hex
  transaction: Hex
  blockHash: Hex
  blockNumber: Hex
}

/** How a page reaches the chain's node: `wallet_invokeMethod` on the scope, or the EIP-1193 provider. */
type Path = { name: string; call(page: Page, method: string, params: unknown[]): Promise<Answer> }

const paths: Path[] = [
  {
    name: `wallet_invokeMethod on ${devnet}`,
    call: (page, method, params) => invoke(page, devnet, method, params),
  },
  {
    name: 'the EIP-1193 provider',
    call: (page, method, params) =>
      page.evaluate(({ method, params }) => window.viemDapp.request(method, params), {
        method,
        params,
      }),
  },
]

/**
 * One read: its params, and what its answer must show besides being anvil's own answer to the
 * same params (so an empty or null answer on both sides cannot pass).
 */
type Read = {
  method: string
  params(chain: Chain): unknown[]
  shows(result: unknown, chain: Chain): void
}

const word = (value: bigint): Hex => encodeAbiParameters([{ type: 'uint256' }], [value])
/** An address as anvil may write it: any case. */
const sameAddress = (address: string) => expect.stringMatching(new RegExp(`^${address}$`, 'i'))
const balanceOfCall = (chain: Chain) => ({
  to: chain.token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [firstAccount] }),
})
const transferCall = (chain: Chain) => ({
  from: firstAccount,
  to: chain.token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [secondAccount, 1n] }),
})

/** The point reads and queries of DESIGN §4 (the filters and eth_sendRawTransaction follow below). */
const reads: Read[] = [
  {
    method: 'eth_blockNumber',
    params: () => [],
    shows: (result, chain) =>
      expect(BigInt(result as Hex)).toBeGreaterThanOrEqual(BigInt(chain.blockNumber)),
  },
  {
    method: 'eth_call',
    params: (chain) => [balanceOfCall(chain), 'latest'],
    shows: (result, chain) => expect(result).toBe(word(chain.supply)),
  },
  { method: 'eth_chainId', params: () => [], shows: (result) => expect(result).toBe('0x7a69') },
  {
    method: 'eth_estimateGas',
    params: (chain) => [transferCall(chain)],
    shows: (result) => expect(BigInt(result as Hex)).toBeGreaterThan(21_000n),
  },
  {
    method: 'eth_feeHistory',
    params: (chain) => ['0x2', chain.blockNumber, [25, 75]],
    shows: (result, chain) =>
      expect(result).toMatchObject({
        oldestBlock: toHex(BigInt(chain.blockNumber) - 1n),
        baseFeePerGas: [expect.any(String), expect.any(String), expect.any(String)],
        reward: [
          [expect.any(String), expect.any(String)],
          [expect.any(String), expect.any(String)],
        ],
      }),
  },
  {
    method: 'eth_gasPrice',
    params: () => [],
    shows: (result) => expect(BigInt(result as Hex)).toBeGreaterThan(0n),
  },
  {
    method: 'eth_maxPriorityFeePerGas',
    params: () => [],
    shows: (result) => expect(result).toMatch(/^0x[0-9a-f]+$/),
  },
  {
    method: 'eth_getBalance',
    params: () => [secondAccount, 'latest'],
    shows: (result) => expect(BigInt(result as Hex)).toBeGreaterThan(parseEther('1000')),
  },
  {
    method: 'eth_getBlockByHash',
    params: (chain) => [chain.blockHash, false],
    shows: (result, chain) =>
      expect(result).toMatchObject({
        hash: chain.blockHash,
        number: chain.blockNumber,
        transactions: [chain.transaction],
      }),
  },
  {
    method: 'eth_getBlockByNumber',
    params: (chain) => [chain.blockNumber, true],
    shows: (result, chain) =>
      expect(result).toMatchObject({
        hash: chain.blockHash,
        transactions: [{ hash: chain.transaction, to: sameAddress(chain.emitter) }],
      }),
  },
  {
    method: 'eth_getBlockTransactionCountByHash',
    params: (chain) => [chain.blockHash],
    shows: (result) => expect(result).toBe('0x1'),
  },
  {
    method: 'eth_getBlockTransactionCountByNumber',
    params: (chain) => [chain.blockNumber],
    shows: (result) => expect(result).toBe('0x1'),
  },
  {
    method: 'eth_getCode',
    params: (chain) => [chain.token, 'latest'],
    // The TestToken's runtime ends with solc's metadata: `solc` 0.8.37 (0x000825).
    shows: (result) => expect(result).toMatch(/^0x6080604052[0-9a-f]+0008250033$/),
  },
  {
    method: 'eth_getLogs',
    params: (chain) => [
      { address: chain.emitter, fromBlock: chain.blockNumber, toBlock: chain.blockNumber },
    ],
    shows: (result, chain) =>
      expect(result).toMatchObject(
        [0, 1, 2].map((index) => ({
          transactionHash: chain.transaction,
          data: word(BigInt(index)),
        })),
      ),
  },
  {
    method: 'eth_getProof',
    // Slot 0 of the TestToken is `totalSupply`.
    params: (chain) => [chain.token, [toHex(0, { size: 32 })], 'latest'],
    shows: (result, chain) =>
      expect(result).toMatchObject({
        address: sameAddress(chain.token),
        storageProof: [{ value: toHex(chain.supply) }],
      }),
  },
  {
    method: 'eth_getStorageAt',
    params: (chain) => [chain.token, '0x0', 'latest'],
    shows: (result, chain) => expect(result).toBe(word(chain.supply)),
  },
  {
    method: 'eth_getTransactionByBlockHashAndIndex',
    params: (chain) => [chain.blockHash, '0x0'],
    shows: (result, chain) => expect(result).toMatchObject({ hash: chain.transaction }),
  },
  {
    method: 'eth_getTransactionByBlockNumberAndIndex',
    params: (chain) => [chain.blockNumber, '0x0'],
    shows: (result, chain) => expect(result).toMatchObject({ hash: chain.transaction }),
  },
  {
    method: 'eth_getTransactionByHash',
    params: (chain) => [chain.transaction],
    shows: (result, chain) =>
      expect(result).toMatchObject({
        blockHash: chain.blockHash,
        to: sameAddress(chain.emitter),
        input: word(3n),
      }),
  },
  {
    method: 'eth_getTransactionCount',
    params: () => [firstAccount, 'latest'],
    // The first account deployed the token and the emitter and called the emitter, at least.
    shows: (result) => expect(Number(result)).toBeGreaterThanOrEqual(3),
  },
  {
    method: 'eth_getTransactionReceipt',
    params: (chain) => [chain.transaction],
    shows: (result, chain) =>
      expect(result).toMatchObject({
        status: '0x1',
        blockHash: chain.blockHash,
        logs: [{ logIndex: '0x0' }, { logIndex: '0x1' }, { logIndex: '0x2' }],
      }),
  },
  { method: 'eth_syncing', params: () => [], shows: (result) => expect(result).toBe(false) },
  { method: 'net_version', params: () => [], shows: (result) => expect(result).toBe('31337') },
  {
    method: 'web3_clientVersion',
    params: () => [],
    shows: (result) => expect(result).toMatch(/^anvil\//),
  },
]

/** Sets up what the reads ask about, straight on anvil. */
async function setUpChain(anvilUrl: string): Promise<Chain> {
  const supply = 4_321n * 10n ** 18n
  const token = await deployTestToken(anvilUrl, supply)
  const emitter = await deployEmitter(anvilUrl)
  const receipt = await emitLogs(anvilUrl, emitter, 3)
  return {
    token,
    supply,
    emitter,
    transaction: receipt.transactionHash as Hex,
    blockHash: receipt.blockHash as Hex,
    blockNumber: receipt.blockNumber as Hex,
  }
}

/** A session on the Local devnet with its standard methods and notifications (`methods: []`). */
const standardSession = {
  optionalScopes: { [devnet]: { methods: [], notifications: [] } },
}

/** The viem dapp page (the EIP-1193 provider found), connected with `standardSession`. */
async function connectedViemPage(
  openDapp: (served?: ServedDapp, path?: string) => Promise<Page>,
  connect: (page: Page, params: unknown) => Promise<unknown>,
): Promise<Page> {
  const page = await openViemDapp(openDapp)
  await connect(page, standardSession)
  return page
}

test.describe('every node read of DESIGN §4, through the extension', () => {
  test('each read answers what anvil answers, under the eip155 scope and through the EIP-1193 provider', async ({
    openDapp,
    connect,
    anvilUrl,
  }) => {
    const chain = await setUpChain(anvilUrl)
    const page = await connectedViemPage(openDapp, connect)
    for (const path of paths) {
      for (const read of reads) {
        const params = read.params(chain)
        const through = await path.call(page, read.method, params)
        const what = `${read.method} through ${path.name}`
        expect(through, what).toEqual({ result: await anvilRpc(anvilUrl, read.method, params) })
        read.shows(through.result, chain)
      }
    }
  })

  for (const path of paths) {
    test(`a log filter and a block filter round trip through ${path.name}`, async ({
      openDapp,
      connect,
      anvilUrl,
    }) => {
      const page = await connectedViemPage(openDapp, connect)
      const emitter = await deployEmitter(anvilUrl)
      const earlier = await emitLogs(anvilUrl, emitter, 2)
      const filter = { address: emitter, fromBlock: earlier.blockNumber }
      const logFilter = await path.call(page, 'eth_newFilter', [filter])
      const blockFilter = await path.call(page, 'eth_newBlockFilter', [])
      expect(logFilter.result).toMatch(/^0x[0-9a-f]+$/)
      expect(blockFilter.result).toMatch(/^0x[0-9a-f]+$/)

      const later = await emitLogs(anvilUrl, emitter, 4)
      const head = await mine(anvilUrl, 2)
      const laterLogs = await anvilRpc(anvilUrl, 'eth_getLogs', [
        { address: emitter, fromBlock: later.blockNumber, toBlock: later.blockNumber },
      ])
      expect(await path.call(page, 'eth_getFilterChanges', [logFilter.result])).toEqual({
        result: laterLogs,
      })
      expect(await path.call(page, 'eth_getFilterLogs', [logFilter.result])).toEqual({
        result: await anvilRpc(anvilUrl, 'eth_getLogs', [{ ...filter, toBlock: toHex(head) }]),
      })
      // The block filter saw the emitting block and the two mined after it, in order.
      const hashes: unknown[] = []
      for (let number = BigInt(later.blockNumber); number <= head; number += 1n) {
        hashes.push(
          (
            await anvilRpc<{ hash: string }>(anvilUrl, 'eth_getBlockByNumber', [
              toHex(number),
              false,
            ])
          ).hash,
        )
      }
      expect(await path.call(page, 'eth_getFilterChanges', [blockFilter.result])).toEqual({
        result: hashes,
      })
      expect(await path.call(page, 'eth_getFilterChanges', [blockFilter.result])).toEqual({
        result: [],
      })

      for (const id of [logFilter.result, blockFilter.result]) {
        expect(await path.call(page, 'eth_uninstallFilter', [id])).toEqual({ result: true })
        expect((await path.call(page, 'eth_getFilterChanges', [id])).error).toMatchObject({
          code: -32000,
          message: 'filter not found',
        })
      }
    })

    test(`eth_sendRawTransaction through ${path.name} puts the signed transaction on the chain`, async ({
      openDapp,
      connect,
      anvilUrl,
    }) => {
      const page = await connectedViemPage(openDapp, connect)
      const { from, signed } = await signedTransfer(
        anvilUrl,
        3,
        '0x000000000000000000000000000000000000dEaD',
        4_321n,
      )
      expect(await path.call(page, 'eth_sendRawTransaction', [signed])).toEqual({
        result: keccak256(signed),
      })
      await expect
        .poll(() => anvilRpc(anvilUrl, 'eth_getTransactionReceipt', [keccak256(signed)]))
        .toMatchObject({ status: '0x1', from: sameAddress(from) })
    })
  }
})

test.describe('the wallet methods no other spec reaches', () => {
  test('eth_accounts under the eip155 scope answers the accounts the session granted there', async ({
    dappPage,
    connect,
  }) => {
    await connect(dappPage, standardSession, { accounts: [firstAccount] })
    // The scope's CAIP-10 accounts' addresses, as granted (EIP-55), with no window.
    expect(await invoke(dappPage, devnet, 'eth_accounts', [])).toEqual({
      result: [firstAccount],
    })
  })

  test('wallet_requestPermissions opens the approval window every time and answers the legacy view', async ({
    openDapp,
    endpoint,
    wallet,
    approvalWindow,
  }) => {
    const first = firstAccount.toLowerCase()
    const second = secondAccount.toLowerCase()
    // The wallet's second account (another spec of this worker may have added it already).
    const popup = await openWalletPopup(wallet.context, wallet.popupUrl)
    await expect(popup.getByTestId(`home-account-${first}`)).toBeVisible()
    if ((await popup.getByTestId(`home-account-${second}`).count()) === 0) {
      await addAccount(popup, secondAccount)
    }
    await popup.close()
    const page = await openViemDapp(openDapp)
    const ask = () =>
      page.evaluate(() =>
        window.viemDapp.request('wallet_requestPermissions', [{ eth_accounts: {} }]),
      )

    const asking = ask()
    await approve(await approvalWindow(), { accounts: [firstAccount], chains: [devnet] })
    const granted = [
      {
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [first] }],
      },
      {
        parentCapability: 'endowment:permitted-chains',
        caveats: [{ type: 'restrictNetworkSwitching', value: ['0x7a69'] }],
      },
    ]
    expect(await asking).toMatchObject({ result: granted })

    // Connected already, it asks again; what the user picks now replaces the accounts.
    const again = ask()
    await approve(await approvalWindow(), {
      accounts: [firstAccount, secondAccount],
      chains: [devnet],
    })
    expect(await again).toMatchObject({
      result: [
        { parentCapability: 'eth_accounts', caveats: [{ value: [first, second] }] },
        granted[1],
      ],
    })
    expect(
      await page.evaluate((chain) => window.viemDapp.getAddresses(chain), chainOf(endpoint)),
    ).toMatchObject({ result: [firstAccount, secondAccount] })
  })

  test('wallet_getCapabilities, wallet_sendCalls and wallet_getCallsStatus through the EIP-1193 provider', async ({
    openDapp,
    connect,
    wallet,
    anvilUrl,
  }) => {
    // The provider's connection is the origin's session, whichever API made it.
    const page = await connectedViemPage(openDapp, connect)
    const request = (method: string, params: unknown[]) =>
      page.evaluate(({ method, params }) => window.viemDapp.request(method, params), {
        method,
        params,
      })

    expect(await request('wallet_getCapabilities', [firstAccount, ['0x7a69']])).toEqual({
      result: { '0x7a69': { atomic: { status: 'unsupported' } } },
    })

    const recipient = mnemonicToAccount(testMnemonic, { addressIndex: 7 }).address
    const before = BigInt(await anvilRpc<Hex>(anvilUrl, 'eth_getBalance', [recipient, 'latest']))
    const sending = request('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: firstAccount,
        atomicRequired: false,
        calls: [
          { to: recipient, value: toHex(parseEther('0.01')) },
          { to: recipient, value: toHex(parseEther('0.02')) },
        ],
      },
    ])
    const confirmation = await waitForConfirmation(wallet.context, wallet.extensionOrigin)
    await expect(confirmation.getByTestId('confirm-call-1')).toContainText('0.02 ETH')
    await answerConfirmation(confirmation, 'approve')
    const sent = (await sending) as { result?: { id: string } }
    expect(sent.result?.id).toMatch(/^0x[0-9a-f]{64}$/)

    const status = async () =>
      (await request('wallet_getCallsStatus', [sent.result?.id])) as {
        result?: { status: number; receipts?: { status: string; transactionHash: Hex }[] }
      }
    await expect.poll(async () => (await status()).result?.status).toBe(200)
    const { result } = await status()
    expect(result).toMatchObject({ version: '2.0.0', chainId: '0x7a69', atomic: false })
    expect(result?.receipts?.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    for (const receipt of result?.receipts ?? []) {
      expect(
        await anvilRpc(anvilUrl, 'eth_getTransactionReceipt', [receipt.transactionHash]),
      ).toMatchObject({ status: '0x1', to: sameAddress(recipient) })
    }
    expect(
      BigInt(await anvilRpc<Hex>(anvilUrl, 'eth_getBalance', [recipient, 'latest'])) - before,
    ).toBe(parseEther('0.03'))
  })
})
