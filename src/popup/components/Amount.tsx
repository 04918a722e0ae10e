import { formatUnits } from 'viem'

/**
 * A base-unit amount (wei, lamports) in its coin, to at most 6 decimals, the exact amount in the
 * title; `…` while it is not read yet.
 */
export function Amount({
  value,
  decimals,
  symbol,
}: {
  value: string | undefined
  decimals: number
  symbol: string
}) {
  if (value === undefined) return <span className="muted">…</span>
  const exact = formatUnits(BigInt(value), decimals)
  const [whole, fraction = ''] = exact.split('.')
  const shown = fraction ? `${whole}.${fraction.slice(0, 6).replace(/0+$/, '') || '0'}` : exact
  return (
    <span title={`${exact} ${symbol}`}>
      {shown} {symbol}
    </span>
  )
}
