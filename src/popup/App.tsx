import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { approvalIdOf } from '../core/protocol/approvalPage.ts'
import { isConfirmationPage } from '../core/protocol/confirmationPage.ts'
import { Layout } from './components/Layout.tsx'
import { popupPort } from './popupPort.ts'
import { Account } from './screens/Account/Account.tsx'
import { Approval } from './screens/Approval/Approval.tsx'
import { Confirmation } from './screens/Confirmation/Confirmation.tsx'
import { Connections } from './screens/Connections/Connections.tsx'
import { Home } from './screens/Home/Home.tsx'
import { ImportKey } from './screens/ImportKey/ImportKey.tsx'
import { NetworkForm } from './screens/NetworkForm/NetworkForm.tsx'
import { Onboarding } from './screens/Onboarding/Onboarding.tsx'
import { Receive } from './screens/Receive/Receive.tsx'
import { Send } from './screens/Send/Send.tsx'
import { Settings } from './screens/Settings/Settings.tsx'
import { Unlock } from './screens/Unlock/Unlock.tsx'
import { useNavigation } from './stores/navigation.ts'
import { useOnboarding } from './stores/onboarding.ts'
import { useWallet } from './stores/wallet.ts'

/** Picks the screen from the wallet's status (and, in an approval window, the pending request). */
export function App() {
  const query = popupPort().query()
  /** The approval id when this page is an approval window (`approvalPageAddress`). */
  const approvalId = approvalIdOf(query)
  /** Whether this page is the confirmation window (`confirmationPageAddress`). */
  const confirming = isConfirmationPage(query)
  const { status, refresh } = useWallet(
    useShallow((state) => ({ status: state.status, refresh: state.refresh })),
  )
  const screen = useNavigation((state) => state.screen)
  const resetOnboarding = useOnboarding((state) => state.reset)

  useEffect(() => {
    void refresh()
  }, [refresh])
  useEffect(() => {
    if (status === 'unlocked') resetOnboarding()
  }, [status, resetOnboarding])

  if (status === 'loading') return <Layout title="Aperture">Loading…</Layout>
  if (approvalId !== null) {
    if (status === 'uninitialized') {
      return (
        <Layout title="Connection request">
          <p className="lead">Set up Aperture from its toolbar button first.</p>
        </Layout>
      )
    }
    if (status === 'locked') return <Unlock reason="A site asks to connect. Unlock to review it." />
    return <Approval id={approvalId} />
  }
  if (confirming) {
    if (status === 'uninitialized') {
      return (
        <Layout title="Confirm">
          <p className="lead">Set up Aperture from its toolbar button first.</p>
        </Layout>
      )
    }
    if (status === 'locked') {
      return <Unlock reason="A site asks you to sign. Unlock to review it." />
    }
    return <Confirmation />
  }
  if (status === 'uninitialized') return <Onboarding />
  if (status === 'locked') return <Unlock />
  if (screen === 'connections') return <Connections />
  if (screen === 'settings') return <Settings />
  if (screen === 'network-form') return <NetworkForm />
  if (screen === 'account') return <Account />
  if (screen === 'import') return <ImportKey />
  if (screen === 'send') return <Send />
  if (screen === 'receive') return <Receive />
  return <Home />
}
