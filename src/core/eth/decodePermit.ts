import { type Address, getAddress } from 'viem'
import type { Json } from '../rpc/types.ts'
import type { TypedDataDocument } from './typedDataDocument.ts'

/** Which permit a typed-data document is: whose contract checks the signature. */
export type PermitStandard = 'EIP-2612' | 'DAI' | 'Permit2'

/** One token a permit lets the spender take: how much (base units) and, for Permit2, until when. */
export type PermitAllowance = { token: Address; amount: bigint; expiration?: bigint }

/**
 * A permit as its contract reads it: the spender, what each token allows, and the time the
 * signature stops being usable (`deadline`, seconds since the epoch; DAI's `expiry` 0 is never).
 */
export type DecodedPermit = {
  standard: PermitStandard
  primaryType: string
  spender: Address
  allowances: PermitAllowance[]
  deadline: bigint
  /** DAI's permit: `expiry` 0 means the signature never expires. */
  neverExpires: boolean
}

type Struct = Record<string, string>

/** The structs a permit's types must declare, exactly (names and types), for it to be one. */
const permitDetails: Struct = {
  token: 'address',
  amount: 'uint160',
  expiration: 'uint48',
  nonce: 'uint48',
}
const tokenPermissions: Struct = { token: 'address', amount: 'uint256' }

type Shape = {
  standard: PermitStandard
  fields: Struct
  /** The nested structs by name, as Permit2's type hashes name them. */
  nested?: Record<string, Struct>
  /** `token`: the domain's verifying contract, the token of an EIP-2612 or DAI permit. */
  read(
    message: Record<string, Json>,
    token: Address,
  ): Omit<DecodedPermit, 'standard' | 'primaryType'>
}

const uint = (value: Json | undefined): bigint => BigInt(value as string | number)
const address = (value: Json | undefined): Address => getAddress(value as string)
const asStruct = (value: Json | undefined): Record<string, Json> => value as Record<string, Json>
const asList = (value: Json | undefined): Json[] => value as Json[]

const permit2Details = (detail: Json): PermitAllowance => {
  const { token, amount, expiration } = asStruct(detail)
  return { token: address(token), amount: uint(amount), expiration: uint(expiration) }
}
const permitted = (permission: Json): PermitAllowance => {
  const { token, amount } = asStruct(permission)
  return { token: address(token), amount: uint(amount) }
}

/** The permits the wallet spells out, by primary type. */
const shapes: Record<string, Shape[]> = {
  Permit: [
    {
      standard: 'EIP-2612',
      fields: {
        owner: 'address',
        spender: 'address',
        value: 'uint256',
        nonce: 'uint256',
        deadline: 'uint256',
      },
      read: (message, token) => ({
        spender: address(message.spender),
        allowances: [{ token, amount: uint(message.value) }],
        deadline: uint(message.deadline),
        neverExpires: false,
      }),
    },
    {
      standard: 'DAI',
      fields: {
        holder: 'address',
        spender: 'address',
        nonce: 'uint256',
        expiry: 'uint256',
        allowed: 'bool',
      },
      read: (message, token) => ({
        spender: address(message.spender),
        // DAI's permit sets the allowance to the maximum (`allowed`) or to zero.
        allowances: [{ token, amount: message.allowed === true ? 2n ** 256n - 1n : 0n }],
        deadline: uint(message.expiry),
        neverExpires: uint(message.expiry) === 0n,
      }),
    },
  ],
  PermitSingle: [
    {
      standard: 'Permit2',
      fields: { details: 'PermitDetails', spender: 'address', sigDeadline: 'uint256' },
      nested: { PermitDetails: permitDetails },
      read: (message) => ({
        spender: address(message.spender),
        allowances: [permit2Details(message.details ?? null)],
        deadline: uint(message.sigDeadline),
        neverExpires: false,
      }),
    },
  ],
  PermitBatch: [
    {
      standard: 'Permit2',
      fields: { details: 'PermitDetails[]', spender: 'address', sigDeadline: 'uint256' },
      nested: { PermitDetails: permitDetails },
      read: (message) => ({
        spender: address(message.spender),
        allowances: asList(message.details).map(permit2Details),
        deadline: uint(message.sigDeadline),
        neverExpires: false,
      }),
    },
  ],
  PermitTransferFrom: [
    {
      standard: 'Permit2',
      fields: {
        permitted: 'TokenPermissions',
        spender: 'address',
        nonce: 'uint256',
        deadline: 'uint256',
      },
      nested: { TokenPermissions: tokenPermissions },
      read: (message) => ({
        spender: address(message.spender),
        allowances: [permitted(message.permitted ?? null)],
        deadline: uint(message.deadline),
        neverExpires: false,
      }),
    },
  ],
  PermitBatchTransferFrom: [
    {
      standard: 'Permit2',
      fields: {
        permitted: 'TokenPermissions[]',
        spender: 'address',
        nonce: 'uint256',
        deadline: 'uint256',
      },
      nested: { TokenPermissions: tokenPermissions },
      read: (message) => ({
        spender: address(message.spender),
        allowances: asList(message.permitted).map(permitted),
        deadline: uint(message.deadline),
        neverExpires: false,
      }),
    },
  ],
}

/** Whether the declared `fields` are exactly `struct` (the same names with the same types). */
const declares = (fields: TypedDataDocument['types'][string] | undefined, struct: Struct) =>
  fields !== undefined &&
  fields.length === Object.keys(struct).length &&
  fields.every(({ name, type }) => Object.hasOwn(struct, name) && struct[name] === type)

/**
 * The permit a typed-data document is, read only from the fields its `types` declare (the ones
 * signed): EIP-2612's `Permit`, DAI's `Permit`, Permit2's `PermitSingle`, `PermitBatch`,
 * `PermitTransferFrom` and `PermitBatchTransferFrom`. `undefined` for anything else, including a
 * permit whose types differ from the standard's (its signature would not be one). `typedData` is
 * as `parseTypedDataParams` checked it (its values fit their types).
 *
 * @example decodePermit(usdcPermit) // { standard: 'EIP-2612', spender, allowances: [{ token: usdc, amount }], … }
 */
export function decodePermit(typedData: TypedDataDocument): DecodedPermit | undefined {
  const { types, primaryType, domain, message } = typedData
  const shape = (Object.hasOwn(shapes, primaryType) ? shapes[primaryType] : [])?.find(
    ({ fields, nested = {} }) =>
      declares(types[primaryType], fields) &&
      Object.entries(nested).every(([name, struct]) => declares(types[name], struct)),
  )
  // The token contract checks an EIP-2612 or DAI permit (Permit2 names its tokens in the message).
  const token = domain.verifyingContract
  if (!shape || typeof token !== 'string') return undefined
  return { ...shape.read(message, address(token)), standard: shape.standard, primaryType }
}
