import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { lookalike, looksAlike } from './lookalike.ts'
import type { RecipientBook } from './recipientBook.ts'
import { evmTransaction, solanaTransfer } from './testing/subjects.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Bob's first and last 4 hex digits around other ones: what a poisoner makes. */
const fakeBob = '0x70990000000000000000000000000000000079C8'
const fakeAlice = '0xf39F111111111111111111111111111111112266'
const aliceSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const fakeAliceSolana = 'oeYf7KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
  .replace('kq96', 'Zq96')
  .replace('Zq96', 'kq96')

const book: RecipientBook = { sent: [{ from: alice, to: bob }], own: [alice, aliceSolana] }

const transaction = (to: string, withBook: RecipientBook | undefined = book) =>
  evmTransaction(alice, { to }, withBook)

const hexAddress = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)

describe('looksAlike', () => {
  it('is true for another address with the same first and last 4 hex digits, in any case', () => {
    expect(looksAlike(fakeBob, bob)).toBe(true)
    expect(looksAlike(fakeBob.toUpperCase().replace('0X', '0x'), bob)).toBe(true)
  })

  it('is false for the address itself, in any case', () => {
    expect(looksAlike(bob.toLowerCase(), bob)).toBe(false)
  })

  it('compares base58 keys exactly, and never an EVM address with a base58 one', () => {
    expect(looksAlike(fakeAliceSolana, aliceSolana)).toBe(true)
    expect(looksAlike(`OEYF${aliceSolana.slice(4)}`, aliceSolana)).toBe(false)
    expect(looksAlike('0xoeYf00000000000000000000000000000000kq96', aliceSolana)).toBe(false)
  })

  it('holds for any address with its middle changed, and never for the address itself', () => {
    fc.assert(
      fc.property(hexAddress, hexAddress, (known, other) => {
        const planted = `${known.slice(0, 6)}${other.slice(6, 38)}${known.slice(38)}`
        expect(looksAlike(known, known)).toBe(false)
        expect(looksAlike(planted, known)).toBe(planted !== known)
        expect(looksAlike(planted, known)).toBe(looksAlike(known, planted))
      }),
    )
  })
})

describe('lookalike', () => {
  it('blocks a recipient imitating an address the account sent to, naming that address', () => {
    expect(lookalike(transaction(fakeBob))).toEqual({
      kind: 'lookalike',
      level: 'block',
      message: `Lookalike address: ${fakeBob} begins and ends like ${bob}, an address this account has sent to, but it is another address. Scammers plant such addresses in your history (address poisoning): check every character.`,
    })
  })

  it('blocks a recipient imitating one of the wallet’s own accounts', () => {
    expect(lookalike(transaction(fakeAlice))?.message).toContain(
      `like ${alice}, one of your own accounts`,
    )
  })

  it('lets the imitated address itself through, and an address like nothing known', () => {
    expect(lookalike(transaction(bob))).toBeUndefined()
    expect(lookalike(transaction('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'))).toBeUndefined()
  })

  it('checks an approval’s spender too', () => {
    const decoded = { name: 'approve', spender: fakeBob, amount: {}, unlimited: false }
    const approve = evmTransaction(alice, { to: bob, decoded }, book)
    expect(lookalike(approve)?.kind).toBe('lookalike')
  })

  it('blocks a Solana recipient imitating one of the wallet’s own keys', () => {
    const solana = solanaTransfer(aliceSolana, fakeAliceSolana, book)
    expect(lookalike(solana)?.message).toContain(`like ${aliceSolana}`)
  })

  it('says nothing without the wallet’s records', () => {
    expect(lookalike(evmTransaction(alice, { to: fakeBob }))).toBeUndefined()
  })
})
