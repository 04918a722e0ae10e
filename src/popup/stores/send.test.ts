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
import { sendNotReceived, sendRejected, useSend } from './send.ts'

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

/**
 * The worker of these tests: `submit` answers Review, `status` what it holds of a send whose answer
 * was lost (by default the send waits for its confirmation in the next worker).
 */
function background(
  submit: FakeHandlers['send:submit'] = () => ({ id: '0xabc' }),
  status: FakeHandlers['send:status'] = () => 'waiting',
) {
  return stubBackground({
    'networks:list': () => [devnetView],
    'send:assets': () => [eth],
    'send:quote': () => ({ namespace: 'eip155', gas: '0x6270', market }),
    'send:submit': submit,
    'send:status': status,
  })
}

/** Review of 0.5 ETH to the second account, whose answer the worker lost. */
async function reviewLost(status: FakeHandlers['send:status']) {
  const worker = background(() => {
    throw new NoAnswer()
  }, status)
  await open()
  await useSend.getState().setTo(second)
  useSend.getState().setAmount('0.5')
  await useSend.getState().review()
  return worker
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

  it.each(['running', 'waiting', 'approved'] as const)(
    'a lost send the worker holds (%s) is shown as kept: it goes on',
    async (held) => {
      await reviewLost(() => held)
      expect(useSend.getState()).toMatchObject({ status: 'unanswered', error: undefined })
    },
  )

  it('asks the worker about the very send whose answer was lost: its request id and draft', async () => {
    const worker = await reviewLost(() => 'waiting')
    const [submit] = worker.requests.filter((request) => request.type === 'send:submit')
    const asked = worker.requests.filter((request) => request.type === 'send:status')
    expect(asked).toEqual([{ type: 'send:status', params: submit?.params }])
  })

  it('a lost send the worker does not hold (the message reached no worker) is not shown as kept: nothing was sent, Review sends it again under the same request id', async () => {
    const worker = await reviewLost(() => 'unknown')
    const state = useSend.getState()
    expect(state).toMatchObject({ status: 'editing', error: sendNotReceived })
    const [submit] = worker.requests.filter((request) => request.type === 'send:submit')
    expect(submit?.params).toMatchObject({ requestId: state.requestId })
    expect(state.requestId).toEqual(expect.any(String))
  })

  it('a lost send rejected in its window meanwhile says it was rejected, and a new Review is a new send', async () => {
    await reviewLost(() => 'rejected')
    expect(useSend.getState()).toMatchObject({
      status: 'editing',
      error: sendRejected,
      requestId: undefined,
    })
  })

  it('a lost send whose status is lost too is not shown as kept: the error is shown', async () => {
    await reviewLost(() => {
      throw new NoAnswer()
    })
    expect(useSend.getState()).toMatchObject({
      status: 'editing',
      error: 'The wallet did not answer',
    })
  })
})
