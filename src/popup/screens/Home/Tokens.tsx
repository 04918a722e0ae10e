import { formatUnits } from 'viem'
import { useShallow } from 'zustand/react/shallow'
import { useHome } from '../../stores/home.ts'
import { useWallet } from '../../stores/wallet.ts'

/** The watched ERC-20 tokens of the chosen network (`home-token-<address>`), each account's balance. */
export function Tokens() {
  const tokens = useHome(useShallow((state) => state.tokens))
  const accounts = useWallet((state) => state.accounts)
  const names = useWallet((state) => state.names)
  if (tokens.length === 0) return null
  return (
    <ul className="list" aria-label="Tokens">
      {tokens.map((token) => (
        <li
          key={token.address}
          className="item column"
          data-testid={`home-token-${token.address.toLowerCase()}`}
        >
          <strong title={token.address}>{token.symbol}</strong>
          {accounts.map((account, index) => {
            const balance = token.balances[account]
            return balance === undefined ? null : (
              <span key={account} className="hint">
                {names[index]}: {formatUnits(BigInt(balance), token.decimals)} {token.symbol}
              </span>
            )
          })}
        </li>
      ))}
    </ul>
  )
}
