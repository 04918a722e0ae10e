import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import type { FilledTransaction } from '../fillTransaction.ts'
import type { SigningRequest } from '../signer.ts'
import { sentTransactionOf } from './sentTransactionOf.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const hash = `0x${'ab'.repeat(32)}` as const

const request = {
  origin: 'http://127.0.0.1:5173',
  chainId: 'eip155:31337',
  requestKey: 'tab-1/2',
  requestDigest: 'digest',
  method: 'eth_sendTransaction',
  params: { from: alice, value: '0x0', data: '0x' },
} as SigningRequest

const filled = (to: `0x${string}`, data: `0x${string}`): FilledTransaction => ({
  from: alice,
  to,
  value: '0x0',
  data,
  chainId: '0x7a69',
  gas: '0x5208',
  nonce: '0x3',
  type: 'eip1559',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
})

describe('sentTransactionOf', () => {
  it('keeps the recipient of an ERC-20 transfer beside the token it calls', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 5n] })
    expect(sentTransactionOf(request, filled(token, data), hash, 1_000)).toMatchObject({
      from: alice,
      to: token,
      tokenRecipient: bob,
      nonce: '0x3',
    })
  })

  it('keeps no token recipient for a plain send or an approval', () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 5n] })
    expect(sentTransactionOf(request, filled(bob, '0x'), hash, 1_000)).not.toHaveProperty(
      'tokenRecipient',
    )
    expect(sentTransactionOf(request, filled(token, approve), hash, 1_000)).not.toHaveProperty(
      'tokenRecipient',
    )
  })
})
