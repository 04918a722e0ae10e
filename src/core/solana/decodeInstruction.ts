import { AccountRole, type Address, isSome } from '@solana/kit'
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  ComputeBudgetInstruction,
  identifyComputeBudgetInstruction,
  parseSetComputeUnitLimitInstruction,
  parseSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget'
import {
  identifySystemInstruction,
  parseAssignInstruction,
  parseAssignWithSeedInstruction,
  parseAuthorizeNonceAccountInstruction,
  parseCreateAccountInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  AuthorityType,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseApproveInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseCreateAssociatedTokenInstruction,
  parseRevokeInstruction,
  parseSetAuthorityInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import {
  decodeInitializePermanentDelegate,
  decodeToken2022SetAuthority,
  initializePermanentDelegateDiscriminator,
  setAuthorityDiscriminator,
} from './token2022Authorities.ts'

/** The Token-2022 program: the SPL Token instruction layouts, another program id. */
export const token2022ProgramAddress = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/** One instruction of a transaction as it reaches the decoder: its program, accounts and data. */
export type RawInstruction = { programId: string; accounts: string[]; data: Uint8Array }

/**
 * What an instruction hands over: the `account` (a token account, a mint, a System account) whose
 * `role` (`account owner`, `mint authority`, `owner program`, `permanent delegate`, …) goes to
 * `to` (`null`: the authority is removed). The `authority` warning reads it (DESIGN §11).
 */
export type AuthorityChange = { account: string; role: string; to: string | null }

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
  /** Set when the instruction gives an account's owner or an authority to a key (`AuthorityChange`). */
  authority?: AuthorityChange
  accounts: string[]
  data: string
}

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/** `raw` as `@solana-program/*`'s parsers take an instruction (the roles are not read). */
export const asKitInstruction = (raw: RawInstruction) => ({
  programAddress: raw.programId as Address,
  accounts: raw.accounts.map((address) => ({
    address: address as Address,
    role: AccountRole.READONLY,
  })),
  data: raw.data,
})

type Decoded = Pick<InstructionView, 'fields' | 'authority'> & { instruction: string }

const field = (label: string, value: string | bigint | number) => ({
  label,
  value: String(value),
})

/** A System `Assign` (or `AssignWithSeed`): the account's owner program changes. */
const assign = ({
  accounts,
  data,
}: {
  accounts: { account: { address: string } }
  data: { programAddress: string }
}): Decoded => ({
  instruction: 'Assign',
  fields: [
    field('Account', accounts.account.address),
    field('New owner program', data.programAddress),
  ],
  authority: handOver(accounts.account.address, 'owner program', data.programAddress),
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
    case SystemInstruction.Assign:
      return assign(parseAssignInstruction(instruction))
    case SystemInstruction.AssignWithSeed:
      return assign(parseAssignWithSeedInstruction(instruction))
    case SystemInstruction.AuthorizeNonceAccount: {
      const { accounts, data } = parseAuthorizeNonceAccountInstruction(instruction)
      return {
        instruction: 'Authorize nonce account',
        fields: [
          field('Nonce account', accounts.nonceAccount.address),
          field('New nonce authority', data.newNonceAuthority),
        ],
        authority: handOver(
          accounts.nonceAccount.address,
          'nonce authority',
          data.newNonceAuthority,
        ),
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
    case TokenInstruction.Revoke: {
      const { accounts } = parseRevokeInstruction(instruction)
      return {
        instruction: 'Revoke delegate',
        fields: [field('Source', accounts.source.address), field('Owner', accounts.owner.address)],
      }
    }
    case TokenInstruction.SetAuthority: {
      const { accounts, data } = parseSetAuthorityInstruction(instruction)
      return setAuthority(
        accounts.owned.address,
        tokenAuthorityTypes[data.authorityType],
        isSome(data.newAuthority) ? data.newAuthority.value : null,
      )
    }
    default:
      return undefined
  }
}

/** SPL Token's authority types by name, as the `AuthorityChange` role. */
const tokenAuthorityTypes: Record<AuthorityType, string> = {
  [AuthorityType.MintTokens]: 'mint authority',
  [AuthorityType.FreezeAccount]: 'freeze authority',
  [AuthorityType.AccountOwner]: 'account owner',
  [AuthorityType.CloseAccount]: 'close authority',
}

const handOver = (account: string, role: string, to: string | null): AuthorityChange => ({
  account,
  role,
  to,
})

/** A `SetAuthority` of either token program: `account`'s `role` to `to` (`null`: removed). */
const setAuthority = (account: string, role: string, to: string | null): Decoded => ({
  instruction: 'Set authority',
  fields: [
    field('Account', account),
    field('Authority', role),
    field('New authority', to ?? 'none (removed)'),
  ],
  authority: handOver(account, role, to),
})

/**
 * Token-2022: its own authority changes (`token2022Authorities.ts`: every extension's authority
 * type, the permanent delegate), then the instructions it shares with SPL Token.
 */
function decodeToken2022(raw: RawInstruction): Decoded | undefined {
  const [account] = raw.accounts
  if (raw.data[0] === setAuthorityDiscriminator && account !== undefined) {
    const { role, newAuthority } = decodeToken2022SetAuthority(raw.data)
    return setAuthority(account, role, isSome(newAuthority) ? newAuthority.value : null)
  }
  if (raw.data[0] === initializePermanentDelegateDiscriminator && account !== undefined) {
    const delegate = decodeInitializePermanentDelegate(raw.data)
    return {
      instruction: 'Initialize permanent delegate',
      fields: [field('Mint', account), field('Permanent delegate', delegate)],
      authority: handOver(account, 'permanent delegate', delegate),
    }
  }
  return decodeToken(raw)
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
  [token2022ProgramAddress]: { name: 'Token-2022', decode: decodeToken2022 },
  [COMPUTE_BUDGET_PROGRAM_ADDRESS]: { name: 'Compute Budget', decode: decodeComputeBudget },
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: {
    name: 'Associated Token Account',
    decode: decodeAssociatedToken,
  },
}

/**
 * Decodes one instruction for the confirmation window (DESIGN §8): System transfer, create
 * account, assign and nonce authorization, SPL Token and Token-2022 transfer / transferChecked /
 * approve / revoke / set authority, Token-2022's permanent delegate, Compute Budget limit and price, and the creation of an associated token account (the wallet's own token sends make one
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
