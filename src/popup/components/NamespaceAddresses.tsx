import type { NamespaceAccounts } from '../../core/wallet/namespaceAccounts.ts'

/**
 * Account `index`'s address in each other namespace a session covers ("Solana oeYf…"): the namespace
 * names the account its own way; the key address is already shown beside it. Its test id
 * (`<testIdPrefix>-<namespace>-<address>`) must not start like the account checkboxes' ids.
 */
export function NamespaceAddresses({
  namespaces,
  index,
  keyAddress,
  testIdPrefix,
}: {
  namespaces: readonly NamespaceAccounts[] | undefined
  index: number
  keyAddress: string
  testIdPrefix: string
}) {
  return (namespaces ?? []).flatMap(({ namespace, title, addresses }) => {
    const address = addresses[index]
    return !address || address === keyAddress
      ? []
      : [
          <span
            key={namespace}
            className="hint"
            data-testid={`${testIdPrefix}-${namespace}-${address}`}
          >
            {title} <code>{address}</code>
          </span>,
        ]
  })
}
