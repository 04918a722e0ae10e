import type { Address } from 'viem'
import { CopySecret } from '../../components/CopySecret.tsx'
import { preventSelectionCopy } from '../../components/noSelectionCopy.ts'
import { ShownAfterPassword } from '../../components/ShownAfterPassword.tsx'
import { useSecrets } from '../../stores/secrets.ts'

/**
 * "Export private key" (`account-export-key`): after the password, the account's key
 * (`account-private-key`) and a derived account's Solana keypair (`account-private-key-solana`),
 * neither copyable by selection, each with its copy button (`…-copy`, `CopySecret`).
 */
export function ExportKeys({ account }: { account: Address }) {
  const exportKeys = useSecrets((state) => state.exportKeys)
  return (
    <ShownAfterPassword
      label="Export private key"
      testId="account-export-key"
      action="show this account's private key"
      fetch={(password) => exportKeys(account, password)}
      show={(keys) => (
        <>
          <p className="notice danger">
            Anyone with this key controls the account. Never paste it into a website.
          </p>
          <code
            className="secret"
            data-testid="account-private-key"
            onCopy={preventSelectionCopy}
            onCut={preventSelectionCopy}
          >
            {keys.privateKey}
          </code>
          <CopySecret
            secret={keys.privateKey}
            what="the private key"
            testId="account-private-key-copy"
          />
          {keys.solanaPrivateKey ? (
            <>
              <span className="hint">Solana keypair (base58)</span>
              <code
                className="secret"
                data-testid="account-private-key-solana"
                onCopy={preventSelectionCopy}
                onCut={preventSelectionCopy}
              >
                {keys.solanaPrivateKey}
              </code>
              <CopySecret
                secret={keys.solanaPrivateKey}
                what="the Solana keypair"
                testId="account-private-key-solana-copy"
              />
            </>
          ) : null}
        </>
      )}
    />
  )
}
