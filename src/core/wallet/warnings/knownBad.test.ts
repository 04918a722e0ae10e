import { describe, expect, it } from 'vitest'
import { knownBad } from './knownBad.ts'
import { evmTransaction, solanaTransfer } from './testing/subjects.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
/** On the bundled list (ethereum-lists' darklist): fake giveaways. */
const scammer = '0x08389B19ad52f0d983609ab785b3a43A0E90355F'
const aliceSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const thiefSolana = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'

const transaction = (preview: object) => evmTransaction(alice, preview)

describe('knownBad', () => {
  it('blocks a send to an address on the bundled list, saying why it is listed', () => {
    expect(knownBad(transaction({ to: scammer.toLowerCase() }))).toEqual({
      kind: 'known-bad',
      level: 'block',
      message: `Known scam address: ${scammer.toLowerCase()}, the recipient here, is on the list of addresses known to have stolen funds (Scam address for various fake twitter accounts and fake giveaways). Anything sent to it is lost.`,
    })
  })

  it('blocks an approval whose spender is listed', () => {
    const decoded = { name: 'approve', spender: scammer, amount: {}, unlimited: false }
    expect(knownBad(transaction({ to: token, decoded }))?.message).toContain('the spender here')
  })

  it('lets an unlisted recipient through', () => {
    expect(knownBad(transaction({ to: token }))).toBeUndefined()
  })

  it('blocks a listed Solana recipient, matched exactly', () => {
    const knownBadList = [{ address: thiefSolana, comment: '', date: '2025-01-01' }]
    const solana = (to: string) => ({ ...solanaTransfer(aliceSolana, to), knownBadList })
    expect(knownBad(solana(thiefSolana))?.level).toBe('block')
    expect(knownBad(solana(thiefSolana.toLowerCase()))).toBeUndefined()
  })

  it('checks against the updated list when the subject carries one, in place of the bundled one', () => {
    const newcomer = '0x1111111111111111111111111111111111111111'
    const knownBadList = [{ address: newcomer, comment: 'Drainer', date: '2026-11-01' }]
    expect(knownBad(transaction({ to: newcomer }))).toBeUndefined()
    expect(knownBad({ ...transaction({ to: newcomer }), knownBadList })?.message).toContain(
      '(Drainer)',
    )
    expect(knownBad({ ...transaction({ to: scammer }), knownBadList })).toBeUndefined()
  })
})
