import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { chromePort } from './chromePort.ts'
import { installPopupPort } from './popupPort.ts'
import './styles.css'

installPopupPort(chromePort)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
