import { describe, expect, it } from 'vitest'
import type { Json } from '../../rpc/types.ts'
import { newAddress } from './newAddress.ts'
import type { RecipientBook } from './recipientBook.ts'
import { dapp, evmTransaction, solanaTransfer } from './testing/subjects.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const aliceSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const bobSolana = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'

const book: RecipientBook = { sent: [{ from: alice, to: bob }], own: [alice, aliceSolana] }
const fromAlice = (preview: object, withBook: RecipientBook | undefined = book) =>
  evmTransaction(alice, preview, withBook)

describe('newAddress', () => {
  it('marks a recipient the account never sent to as new (info)', () => {
    expect(newAddress(fromAlice({ to: carol }))).toEqual({
      kind: 'new-address',
      level: 'info',
      message: `New address: this account has never sent to ${carol}.`,
    })
  })

  it('does not mark an address the account sent to, in any letter case, nor its own accounts', () => {
    expect(newAddress(fromAlice({ to: bob.toLowerCase() }))).toBeUndefined()
    expect(newAddress(fromAlice({ to: alice }))).toBeUndefined()
  })

  it('counts only what this account sent: another account’s payments do not make it known', () => {
    const others: RecipientBook = { sent: [{ from: carol, to: bob }], own: [alice] }
    expect(newAddress(fromAlice({ to: bob }, others))?.kind).toBe('new-address')
  })

  it('names the recipient of an ERC-20 transfer, not the token contract', () => {
    const decoded = {
      name: 'transfer',
      to: carol,
      amount: { raw: '1', formatted: '1', symbol: 'T' },
    }
    expect(newAddress(fromAlice({ to: token, decoded }))?.message).toContain(carol)
  })

  it('does not call an approval’s spender a recipient', () => {
    const decoded = { name: 'approve', spender: carol, amount: {}, unlimited: false }
    expect(newAddress(fromAlice({ to: token, decoded }))).toBeUndefined()
  })

  it('marks the new recipients of a batch, naming the first and counting the rest', () => {
    const previews = [carol, bob, token].map((to) => ({ to, decoded: null }))
    const calls = {
      origin: dapp,
      kind: 'calls',
      view: { from: alice, previews } as unknown as Json,
      book,
    }
    expect(newAddress(calls)?.message).toBe(
      `New address: this account has never sent to ${carol} (and 1 more new addresses).`,
    )
  })

  it('marks a new Solana recipient from the decoded instructions', () => {
    expect(newAddress(solanaTransfer(aliceSolana, bobSolana, book))?.message).toContain(bobSolana)
    const sent: RecipientBook = { ...book, sent: [{ from: aliceSolana, to: bobSolana }] }
    expect(newAddress(solanaTransfer(aliceSolana, bobSolana, sent))).toBeUndefined()
  })

  it('says nothing without the wallet’s records, or on a message', () => {
    expect(newAddress(evmTransaction(alice, { to: carol }))).toBeUndefined()
    expect(
      newAddress({ origin: dapp, kind: 'personal_sign', view: { address: alice }, book }),
    ).toBeUndefined()
  })
})
