import {
  type Address,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import type { Problem } from '../rpc/errors.ts'
import type { RawInstruction } from './decodeInstruction.ts'

/** One address lookup table a v0 transaction loads accounts from, by position in the table. */
export type AddressTableLookup = {
  table: string
  writableIndexes: number[]
  readonlyIndexes: number[]
}

/** A wire transaction taken apart: what is signed, who signs, and its instructions. */
export type DecodedTransaction = {
  /** The serialized message: the bytes each signer signs. */
  messageBytes: Uint8Array
  /** The required signers, in order; the first pays the fee. */
  signers: string[]
  feePayer: string
  instructions: RawInstruction[]
  /** The lookup tables the instructions' other accounts come from (v0 only; else empty). */
  lookups: AddressTableLookup[]
  /** The signatures present, by signer (`null` where still missing). */
  signatures: Record<string, Uint8Array | null>
}

type Compiled = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

/**
 * The accounts an instruction index points into: the static keys, then those loaded from lookup
 * tables (every table's writable ones, then every table's read-only ones, as the runtime orders
 * them). A loaded account not resolved is named by its position.
 */
const accountNamer =
  (staticAccounts: readonly string[], loaded: readonly string[]) =>
  (index: number): string =>
    staticAccounts[index] ??
    loaded[index - staticAccounts.length] ??
    `lookup table account #${index - staticAccounts.length}`

const lookupsOf = (message: Compiled): AddressTableLookup[] =>
  message.version === 0
    ? (message.addressTableLookups ?? []).map((lookup) => ({
        table: lookup.lookupTableAddress,
        writableIndexes: [...lookup.writableIndexes],
        readonlyIndexes: [...lookup.readonlyIndexes],
      }))
    : []

function instructionsOf(message: Compiled, loaded: readonly string[]): RawInstruction[] {
  const accountName = accountNamer(message.staticAccounts, loaded)
  if (message.version === 1) {
    return message.instructionHeaders.map((header, index) => {
      const payload = message.instructionPayloads[index]
      return {
        programId: accountName(header.programAccountIndex),
        accounts: (payload?.instructionAccountIndices ?? []).map(accountName),
        data: new Uint8Array(payload?.instructionData ?? []),
      }
    })
  }
  return message.instructions.map((instruction) => ({
    programId: accountName(instruction.programAddressIndex),
    accounts: (instruction.accountIndices ?? []).map(accountName),
    data: new Uint8Array(instruction.data ?? []),
  }))
}

/**
 * Takes a wire transaction apart (legacy, v0 or v1 message): the message bytes, the required
 * signers (the fee payer first), the lookup tables it loads accounts from, and the instructions
 * with their accounts resolved — those of lookup tables from `loadedAddresses` (in the runtime's
 * order, `loadLookupTableAddresses`), else named by position. `{ problems }` when the bytes are
 * not a transaction.
 */
export function decodeTransaction(
  bytes: Uint8Array,
  loadedAddresses: readonly string[] = [],
): { transaction: DecodedTransaction } | { problems: Problem[] } {
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
  let message: Compiled
  try {
    transaction = getTransactionDecoder().decode(bytes)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'unreadable'
    return {
      problems: [{ path: 'transaction', message: `is not a Solana transaction (${reason})` }],
    }
  }
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts)
  const feePayer = signers[0]
  if (feePayer === undefined) {
    return { problems: [{ path: 'transaction', message: 'has no fee payer' }] }
  }
  const signatures: Record<string, Uint8Array | null> = {}
  for (const [address, signature] of Object.entries(transaction.signatures)) {
    signatures[address] = signature ? new Uint8Array(signature) : null
  }
  return {
    transaction: {
      messageBytes: new Uint8Array(transaction.messageBytes),
      signers,
      feePayer,
      instructions: instructionsOf(message, loadedAddresses),
      lookups: lookupsOf(message),
      signatures,
    },
  }
}

/** The wire transaction with `signature` of `signer` put in its place (other signatures kept). */
export function withSignature(
  transaction: DecodedTransaction,
  signer: string,
  signature: Uint8Array,
): Uint8Array {
  const signatures: Record<Address, SignatureBytes | null> = {}
  for (const address of transaction.signers) {
    const value = address === signer ? signature : (transaction.signatures[address] ?? null)
    signatures[address as Address] = value as SignatureBytes | null
  }
  const encoded = getTransactionEncoder().encode({
    messageBytes: transaction.messageBytes as never,
    signatures,
  })
  return new Uint8Array(encoded)
}
