/** How deep JSON-RPC params may nest; Ethereum's deepest (state overrides, simulations) use ~6. */
export const maxParamsDepth = 64

/**
 * True when `value` nests arrays/objects more than `maxDepth` levels deep. Iterative, and it stops
 * at the first value too deep, so no input can exhaust the call stack here (nor later, when the
 * value is serialized again).
 *
 * @example exceedsDepth([[1]], 1) // true; exceedsDepth([[1]], 2) // false
 */
export function exceedsDepth(value: unknown, maxDepth: number = maxParamsDepth): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number]
    if (typeof current !== 'object' || current === null) continue
    if (depth + 1 > maxDepth) return true
    const children = Array.isArray(current) ? current : Object.values(current)
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}
