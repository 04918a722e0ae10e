import type { SiteReputation } from '../../../core/protocol/popupMessages.ts'
import { ErrorText, Layout } from '../../components/Layout.tsx'

type PhishingWarningProps = {
  site: Extract<SiteReputation, { kind: 'phishing' }>
  busy: boolean
  error: string | undefined
  /** Rejects the request: the safe way out. */
  onBack(): void
  /** Continues to the site on purpose (remembered for its host). */
  onContinue(): void
}

/** DESIGN §11 `phishing`: shown instead of the approval for a host on the phishing lists. */
export function PhishingWarning({ site, busy, error, onBack, onContinue }: PhishingWarningProps) {
  return (
    <Layout
      title="Deceptive site"
      footer={
        <div className="row">
          <button
            type="button"
            data-testid="phishing-continue"
            disabled={busy}
            onClick={onContinue}
          >
            Continue anyway
          </button>
          <button
            type="button"
            className="primary"
            data-testid="phishing-back"
            disabled={busy}
            onClick={onBack}
          >
            Back to safety
          </button>
        </div>
      }
    >
      <div className="notice danger" role="alert" data-testid="warning-phishing">
        <p>
          <strong>{site.host}</strong>{' '}
          {site.imitates
            ? `looks like ${site.imitates} but is not it.`
            : 'is on the list of sites known to steal funds.'}
        </p>
        <p>
          Sites like this ask you to connect and then to sign away your tokens. Go back unless you
          are sure this is the site you meant to visit.
        </p>
      </div>
      <ErrorText error={error} />
    </Layout>
  )
}
