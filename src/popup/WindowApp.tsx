import { approvalIdOf } from '../core/protocol/approvalPage.ts'
import { Layout } from './components/Layout.tsx'
import { popupPort } from './popupPort.ts'
import { Approval } from './screens/Approval/Approval.tsx'
import { Confirmation } from './screens/Confirmation/Confirmation.tsx'
import { Unlock } from './screens/Unlock/Unlock.tsx'
import { useWallet } from './stores/wallet.ts'

/**
 * The wallet's own windows (`core/protocol/windowPage.ts`): an approval window, told by its
 * query which approval (`approvalPageAddress`), else the confirmation window; the wallet's state
 * is asked for by `windowMain.tsx` before the first render.
 */
export function WindowApp() {
  const approvalId = approvalIdOf(popupPort().query())
  const status = useWallet((state) => state.status)

  if (status === 'loading') return <Layout title="Aperture">Loading…</Layout>
  if (status === 'uninitialized') {
    return (
      <Layout title={approvalId === null ? 'Confirm' : 'Connection request'}>
        <p className="lead">Set up Aperture from its toolbar button first.</p>
      </Layout>
    )
  }
  if (approvalId !== null) {
    if (status === 'locked') return <Unlock reason="A site asks to connect. Unlock to review it." />
    return <Approval id={approvalId} />
  }
  if (status === 'locked') return <Unlock reason="A site asks you to sign. Unlock to review it." />
  return <Confirmation />
}
