import type { Address } from '@solana/kit'
import type { RawInstruction } from '../decodeInstruction.ts'

/** An instruction built by a `@solana-program/*` client as a transaction carries it (raw). */
export const rawInstruction = (instruction: {
  programAddress: Address
  accounts?: ReadonlyArray<{ address: Address }>
  data?: Uint8Array | ArrayLike<number>
}): RawInstruction => ({
  programId: instruction.programAddress,
  accounts: (instruction.accounts ?? []).map(({ address }) => address),
  data: new Uint8Array(instruction.data ?? []),
})
