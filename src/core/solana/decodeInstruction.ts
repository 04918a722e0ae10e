import { AccountRole, type Address } from '@solana/kit'
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  ComputeBudgetInstruction,
  identifyComputeBudgetInstruction,
  parseSetComputeUnitLimitInstruction,
  parseSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import {
  identifySystemInstruction,
  parseCreateAccountInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseApproveInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseCreateAssociatedTokenInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'

/** The Token-2022 program: the SPL Token instruction layouts, another program id. */
export const token2022ProgramAddress = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/** One instruction of a transaction as it reaches the decoder: its program, accounts and data. */
export type RawInstruction = { programId: string; accounts: string[]; data: Uint8Array }

/**
 * One instruction as the confirmation window shows it: the program and instruction names with
 * labelled fields where the program is known (System, SPL Token, Token-2022, Compute Budget),
 * always with the raw program id, accounts and data (hex).
 */
export type InstructionView = {
  programId: string
  /** `System Program`, `SPL Token`, `Token-2022`, `Compute Budget`; absent for unknown programs. */
  program?: string
  /** `Transfer`, `Create account`, `Transfer (checked)`, `Approve`, …; absent when not decoded. */
  instruction?: string
  /** Labelled values, in reading order. Amounts are in base units (lamports, token units). */
  fields: Array<{ label: string; value: string }>
  accounts: string[]
  data: string
}

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

const asKitInstruction = (raw: RawInstruction) => ({
  programAddress: raw.programId as Address,
  accounts: raw.accounts.map((address) => ({
    address: address as Address,
    role: AccountRole.READONLY,
  })),
  data: raw.data,
})

type Decoded = { instruction: string; fields: InstructionView['fields'] }

const field = (label: string, value: string | bigint | number) => ({
  label,
  value: String(value),
})

function decodeSystem(raw: RawInstruction): Decoded | undefined {
  const instruction = asKitInstruction(raw)
  switch (identifySystemInstruction(instruction)) {
    case SystemInstruction.TransferSol: {
      const { accounts, data } = parseTransferSolInstruction(instruction)
      return {
        instruction: 'Transfer',
        fields: [
          field('From', accounts.source.address),
          field('To', accounts.destination.address),
          field('Lamports', data.amount),
        ],
      }
    }
    case SystemInstruction.CreateAccount: {
      const { accounts, data } = parseCreateAccountInstruction(instruction)
      return {
        instruction: 'Create account',
        fields: [
          field('Payer', accounts.payer.address),
          field('New account', accounts.newAccount.address),
          field('Lamports', data.lamports),
          field('Space', data.space),
          field('Owner program', data.programAddress),
        ],
      }
    }
    default:
      return undefined
  }
}

function decodeToken(raw: RawInstruction): Decoded | undefined {
  const instruction = asKitInstruction(raw)
  switch (identifyTokenInstruction(instruction)) {
    case TokenInstruction.Transfer: {
      const { accounts, data } = parseTransferInstruction(instruction)
      return {
        instruction: 'Transfer',
        fields: [
          field('Source', accounts.source.address),
          field('Destination', accounts.destination.address),
          field('Authority', accounts.authority.address),
          field('Amount', data.amount),
        ],
      }
    }
    case TokenInstruction.TransferChecked: {
      const { accounts, data } = parseTransferCheckedInstruction(instruction)
      return {
        instruction: 'Transfer (checked)',
        fields: [
          field('Source', accounts.source.address),
          field('Mint', accounts.mint.address),
          field('Destination', accounts.destination.address),
          field('Authority', accounts.authority.address),
          field('Amount', data.amount),
          field('Decimals', data.decimals),
        ],
      }
    }
    case TokenInstruction.Approve: {
      const { accounts, data } = parseApproveInstruction(instruction)
      return {
        instruction: 'Approve',
        fields: [
          field('Source', accounts.source.address),
          field('Delegate', accounts.delegate.address),
          field('Owner', accounts.owner.address),
          field('Amount', data.amount),
        ],
      }
    }
    default:
      return undefined
  }
}

function decodeComputeBudget(raw: RawInstruction): Decoded | undefined {
  const instruction = asKitInstruction(raw)
  switch (identifyComputeBudgetInstruction(instruction)) {
    case ComputeBudgetInstruction.SetComputeUnitLimit:
      return {
        instruction: 'Set compute unit limit',
        fields: [field('Units', parseSetComputeUnitLimitInstruction(instruction).data.units)],
      }
    case ComputeBudgetInstruction.SetComputeUnitPrice:
      return {
        instruction: 'Set compute unit price',
        fields: [
          field(
            'Micro-lamports per unit',
            parseSetComputeUnitPriceInstruction(instruction).data.microLamports,
          ),
        ],
      }
    default:
      return undefined
  }
}

function decodeAssociatedToken(raw: RawInstruction): Decoded | undefined {
  const instruction = asKitInstruction(raw)
  const kind = identifyAssociatedTokenInstruction(instruction)
  if (
    kind !== AssociatedTokenInstruction.CreateAssociatedToken &&
    kind !== AssociatedTokenInstruction.CreateAssociatedTokenIdempotent
  ) {
    return undefined
  }
  const { accounts } =
    kind === AssociatedTokenInstruction.CreateAssociatedToken
      ? parseCreateAssociatedTokenInstruction(instruction)
      : parseCreateAssociatedTokenIdempotentInstruction(instruction)
  return {
    instruction: 'Create token account',
    fields: [
      field('Payer', accounts.payer.address),
      field('New account', accounts.ata.address),
      field('Owner', accounts.owner.address),
      field('Mint', accounts.mint.address),
    ],
  }
}

/** The programs the window knows by name, and how each one's instructions are decoded. */
const knownPrograms: Record<
  string,
  { name: string; decode(raw: RawInstruction): Decoded | undefined }
> = {
  [SYSTEM_PROGRAM_ADDRESS]: { name: 'System Program', decode: decodeSystem },
  [TOKEN_PROGRAM_ADDRESS]: { name: 'SPL Token', decode: decodeToken },
  [token2022ProgramAddress]: { name: 'Token-2022', decode: decodeToken },
  [COMPUTE_BUDGET_PROGRAM_ADDRESS]: { name: 'Compute Budget', decode: decodeComputeBudget },
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: {
    name: 'Associated Token Account',
    decode: decodeAssociatedToken,
  },
}

/**
 * Decodes one instruction for the confirmation window (DESIGN §8): System transfer and create
 * account, SPL Token and Token-2022 transfer / transferChecked / approve, Compute Budget limit and
 * price, and the creation of an associated token account (the wallet's own token sends make one
 * for a recipient who has none). Anything else — another program, another instruction, data too short — is shown raw; a
 * known program keeps its name.
 *
 * @example
 * decodeInstruction({ programId: '11111111111111111111111111111111', accounts: [a, b], data })
 * // { program: 'System Program', instruction: 'Transfer', fields: [From, To, Lamports], … }
 */
export function decodeInstruction(raw: RawInstruction): InstructionView {
  const base = { programId: raw.programId, accounts: raw.accounts, data: hex(raw.data) }
  const known = Object.hasOwn(knownPrograms, raw.programId)
    ? knownPrograms[raw.programId]
    : undefined
  if (!known) return { ...base, fields: [] }
  let decoded: Decoded | undefined
  try {
    decoded = known.decode(raw)
  } catch {
    // Data or accounts that do not fit the instruction's layout: shown raw under the program's name.
    decoded = undefined
  }
  return { ...base, program: known.name, ...(decoded ?? { fields: [] }) }
}
