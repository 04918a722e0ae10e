import { ed25519 } from '@noble/curves/ed25519.js'
import type { RunningEndpoint } from './endpoint.ts'
import { base58, fromBase58, surfpool } from './solanaDapp.ts'

const addressLookupTableProgram = 'AddressLookupTab1e1111111111111111111111111'

/**
 * Puts an active address lookup table holding `addresses` on Surfpool (its `surfnet_setAccount`
 * cheat code: the table's account as the program would have written it — type 1, never
 * deactivated, no authority, the addresses after the 56-byte header) and answers its address.
 */
export async function createLookupTable(
  solana: RunningEndpoint,
  addresses: readonly string[],
): Promise<string> {
  const table = base58.decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()))
  const data = new Uint8Array(56 + 32 * addresses.length)
  const view = new DataView(data.buffer)
  view.setUint32(0, 1, true)
  view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true)
  addresses.forEach((address, index) => {
    data.set(fromBase58(address), 56 + 32 * index)
  })
  await surfpool(solana, 'surfnet_setAccount', [
    table,
    {
      lamports: 10_000_000,
      owner: addressLookupTableProgram,
      executable: false,
      data: Buffer.from(data).toString('hex'),
    },
  ])
  return table
}
