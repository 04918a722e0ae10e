import { useEffect } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Layout } from './components/Layout.tsx'
import { Account } from './screens/Account/Account.tsx'
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

/**
 * The toolbar popup: picks the screen from the wallet's status and the navigation. The approval and
 * confirmation windows are another page (`WindowApp.tsx`).
 */
export function App() {
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
