import { describe, expect, it } from 'vitest'
import { recipientBookOf, sameAccount, sentToBy } from './recipientBook.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const aliceSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const bobSolana = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'

describe('recipientBookOf', () => {
  it('keeps who each account sent to: an EVM `to`, a token transfer’s recipient, Solana’s recipients', () => {
    const book = recipientBookOf({
      transactions: [
        { from: alice, to: bob },
        { from: alice, to: token, tokenRecipient: carol },
        { from: alice, to: null },
      ],
      solanaTransactions: [{ from: aliceSolana, recipients: [bobSolana] }, { from: aliceSolana }],
      own: [alice, aliceSolana],
    })
    expect(book.sent).toEqual([
      { from: alice, to: bob },
      { from: alice, to: token },
      { from: alice, to: carol },
      { from: aliceSolana, to: bobSolana },
    ])
    expect(book.own).toEqual([alice, aliceSolana])
  })
})

describe('sentToBy', () => {
  it('is the addresses one account sent to, once each, whatever their letter case', () => {
    const book = {
      sent: [
        { from: alice, to: bob },
        { from: alice.toLowerCase(), to: bob.toLowerCase() },
        { from: bob, to: carol },
      ],
      own: [],
    }
    expect(sentToBy(book, alice)).toEqual([bob])
    expect(sentToBy(book, carol)).toEqual([])
  })
})

describe('sameAccount', () => {
  it('compares EVM addresses in any case and base58 keys exactly', () => {
    expect(sameAccount(bob, bob.toLowerCase())).toBe(true)
    expect(sameAccount(bobSolana, bobSolana.toLowerCase())).toBe(false)
  })
})
