import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
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

/** How long the first render waits for the worker's first answer before it shows "Loading…". */
const firstAnswerWaitMs = 250

// The question goes out before React renders (issue 36): the confirmation window asks for the
// wallet's state and its queue at once — the page's first script (windowStart.ts) has already
// asked it while this module loaded, and the port hands over that answer — and follows the queue's
// changes from its first moment on (with those the first script kept since it asked).
// Its first render waits for that answer (at most firstAnswerWaitMs), so that React renders the
// request once rather than "Loading…" first and then the request.
let firstAnswer: Promise<void> = Promise.resolve()
if (isConfirmationPage(chromePort.query())) {
  useConfirmations.getState().watch()
  firstAnswer = openConfirmationWindow()
} else {
  void useWallet.getState().refresh()
}

const root = document.getElementById('root')
if (root) {
  const app = createRoot(root)
  const render = () =>
    app.render(
      <StrictMode>
        <WindowApp />
      </StrictMode>,
    )
  // With the answer there, the request is rendered at once, in this task: the module is
  // render-blocking (`blocking="render"`), so the window's first frame is the request, not the page's
  // background with the request a frame or React's scheduled task later.
  void Promise.race([
    firstAnswer.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(resolve, firstAnswerWaitMs, false)),
  ]).then((answered) => (answered ? flushSync(render) : render()))
}
