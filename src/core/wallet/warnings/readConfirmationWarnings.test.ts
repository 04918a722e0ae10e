import { describe, expect, it } from 'vitest'
import type { Json } from '../../rpc/types.ts'
import { readConfirmationWarnings, type WarningRecords } from './readConfirmationWarnings.ts'
import { dapp, solanaTransfer } from './testing/subjects.ts'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const aliceSolana = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const bobSolana = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'

/** Records that count their reads. */
function countingRecords() {
  const reads: string[] = []
  const records: WarningRecords = {
    book: async () => {
      reads.push('book')
      return { sent: [], own: [alice, aliceSolana] }
    },
    knownBadList: async () => {
      reads.push('known-bad list')
      return []
    },
  }
  return { reads, records }
}

describe('readConfirmationWarnings', () => {
  it('reads no record for a message to sign, and gives its warnings', async () => {
    const { reads, records } = countingRecords()
    const signIn = {
      origin: dapp,
      kind: 'personal_sign',
      view: { address: alice, message: { kind: 'text', text: 'hello' } } as unknown as Json,
    }

    expect(await readConfirmationWarnings(signIn, records)).toEqual([])
    expect(reads).toEqual([])
  })

  it('reads the book and the known-bad list for a transfer, and warns from them', async () => {
    const { reads, records } = countingRecords()

    const transfer = solanaTransfer(aliceSolana, bobSolana)
    const simulated = { ...(transfer.view as object), preview: { kind: 'simulated' } } as Json
    const warnings = await readConfirmationWarnings({ ...transfer, view: simulated }, records)

    expect(reads.sort()).toEqual(['book', 'known-bad list'])
    expect(warnings.map(({ kind }) => kind)).toEqual(['new-address'])
  })
})
