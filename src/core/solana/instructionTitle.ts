import type { InstructionView } from './decodeInstruction.ts'

/**
 * The heading the confirmation window gives an instruction (kept apart from the decoder so the
 * popup does not bundle the program clients): `System Program: Transfer` when decoded,
 * `System Program — not decoded` for a known program's instruction shown raw, and
 * `Unknown program <id>` otherwise.
 */
export function instructionTitle(view: InstructionView): string {
  if (view.program === undefined) return `Unknown program ${view.programId}`
  if (view.instruction === undefined) return `${view.program} — not decoded`
  return `${view.program}: ${view.instruction}`
}
