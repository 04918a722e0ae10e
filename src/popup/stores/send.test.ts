import { beforeEach, describe, expect, it } from 'vitest'
import { feeOptionOf } from '../../core/eth/fees/feeOption.ts'
import type { FeeMarket } from '../../core/eth/fees/readFeeMarket.ts'
import type { SendAsset } from '../../core/wallet/send/readSendAsset.ts'
import {
  devnetView,
  type FakeHandlers,
  NoAnswer,
  stubBackground,
} from '../testing/fakeBackground.ts'
import { useSend } from './send.ts'

const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ether = 10n ** 18n
const gas = 25_200n
const market: FeeMarket = {
  kind: 'eip1559',
  baseFeePerGas: '0x3b9aca00',
  gasLimit: '0x6270',
  presets: {
    slow: feeOptionOf(
      { type: 'eip1559', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' },
      gas,
    ),
    normal: feeOptionOf(
      { type: 'eip1559', maxFeePerGas: '0xb2d05e00', maxPriorityFeePerGas: '0x3b9aca00' },
      gas,
    ),
    fast: feeOptionOf(
      { type: 'eip1559', maxFeePerGas: '0xee6b2800', maxPriorityFeePerGas: '0x77359400' },
      gas,
    ),
  },
}
const eth: SendAsset = {
  id: 'native',
  symbol: 'ETH',
  decimals: 18,
  balance: (2n * ether).toString(),
}

function background(submit: FakeHandlers['send:submit'] = () => ({ id: '0xabc' })) {
  return stubBackground({
    'networks:list': () => [devnetView],
    'send:assets': () => [eth],
    'send:quote': () => ({ namespace: 'eip155', gas: '0x6270', market }),
    'send:submit': submit,
  })
}

const open = () =>
  useSend.getState().open({
    chainId: 'eip155:31337',
    evmAccounts: [first, second],
    solanaAccounts: [],
    names: ['Account 1', 'Account 2'],
  })

beforeEach(() => useSend.setState(useSend.getInitialState(), true))

describe('useSend', () => {
  it('starts on the network and first account, with the assets and fee quoted by the worker', async () => {
    background()
    await open()
    expect(useSend.getState()).toMatchObject({
      chainId: 'eip155:31337',
      from: first,
      asset: 'native',
      quote: { namespace: 'eip155', market },
    })
  })

  it('checks the recipient as it is typed and offers the wallet’s accounts by name', async () => {
    background()
    await open()
    await useSend.getState().setTo(`${second.slice(0, -1)}c`)
    expect(useSend.getState().recipient).toMatchObject({ kind: 'invalid' })
    await useSend.getState().setTo(second.toLowerCase())
    expect(useSend.getState().recipient).toEqual({
      kind: 'valid',
      address: second,
      ownName: 'Account 2',
    })
  })

  it('refuses an amount the balance cannot pay with the fee picked', async () => {
    background()
    await open()
    useSend.getState().chooseFee('fast')
    useSend.getState().setAmount('2')
    expect(useSend.getState().amountCheck).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('maximum fee'),
    })
  })

  it('sets Max to the balance less the maximum fee of the preset picked', async () => {
    background()
    await open()
    useSend.getState().chooseFee('slow')
    useSend.getState().setMax()
    expect(useSend.getState().amount).toBe('1.9999496')
    expect(useSend.getState().amountCheck).toEqual({
      kind: 'valid',
      amount: 2n * ether - gas * 2_000_000_000n,
    })
  })

  it('reviews once: a second click before the answer is the same send (same request id)', async () => {
    const worker = background()
    await open()
    await useSend.getState().setTo(second)
    useSend.getState().setAmount('0.5')
    await Promise.all([useSend.getState().review(), useSend.getState().review()])
    const submits = worker.requests.filter((request) => request.type === 'send:submit')
    expect(submits).toHaveLength(2)
    const [once, again] = submits.map((request) => request.params as { requestId: string })
    expect(again?.requestId).toBe(once?.requestId)
    expect(submits[0]?.params).toMatchObject({
      draft: {
        chainId: 'eip155:31337',
        from: first,
        asset: 'native',
        to: second,
        amount: '0.5',
        fee: { name: 'normal' },
      },
    })
    expect(useSend.getState()).toMatchObject({ status: 'sent', sentId: '0xabc' })
  })

  it('a send whose answer is lost to a worker stop is not shown as failed: it goes on in the next worker', async () => {
    background(() => {
      throw new NoAnswer()
    })
    await open()
    await useSend.getState().setTo(second)
    useSend.getState().setAmount('0.5')
    await useSend.getState().review()
    expect(useSend.getState()).toMatchObject({
      status: 'unanswered',
      error: undefined,
      requestId: undefined,
    })
  })
})
