import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { isConfirmationPage } from '../core/protocol/confirmationPage.ts'
import { chromePort } from './chromePort.ts'
import { installPopupPort } from './popupPort.ts'
import { useConfirmations } from './stores/confirmations.ts'
import { openConfirmationWindow } from './stores/confirmationWindow.ts'
import { useWallet } from './stores/wallet.ts'
import { WindowApp } from './WindowApp.tsx'
import './styles.css'

installPopupPort(chromePort)

// The question goes out before React renders (issue 36): the confirmation window asks for the
// wallet's state and its queue at once, and follows the queue's changes from its first moment on.
if (isConfirmationPage(chromePort.query())) {
  useConfirmations.getState().watch()
  void openConfirmationWindow()
} else {
  void useWallet.getState().refresh()
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <WindowApp />
    </StrictMode>,
  )
}
