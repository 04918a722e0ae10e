import type { Address, Hex } from 'viem'
import type { NodeCall } from './nodeCall.ts'

/**
 * A contract's view call (`eth_call` with `data`, at `block`); undefined when it fails (a revert,
 * no contract) or answers no data.
 */
export async function viewCall(
  call: NodeCall,
  to: Address,
  data: Hex,
  block = 'latest',
): Promise<Hex | undefined> {
  const answer = await call('eth_call', [{ to, data }, block])
  if ('error' in answer || typeof answer.result !== 'string') return undefined
  return answer.result as Hex
}

/**
 * A view call's result decoded by `decode` (viem's `decodeFunctionResult`); undefined when the
 * contract answered otherwise than its standard says (e.g. a bytes32 symbol, an empty answer).
 */
export function decodedOrUndefined<T>(decode: () => T): T | undefined {
  try {
    return decode()
  } catch {
    // Not the standard's answer: the caller shows or lists nothing from it.
    return undefined
  }
}
