import type { Json } from '../rpc/types.ts'

/** One declared field of an EIP-712 struct type. */
export type TypedField = { name: string; type: string }

/** An EIP-712 document as JSON: what `eth_signTypedData_v4` signs and the window shows. */
export type TypedDataDocument = {
  types: Record<string, TypedField[]>
  primaryType: string
  domain: Record<string, Json>
  message: Record<string, Json>
}
