/**
 * The window floor's confirmation window: one plain script that asks the worker one question
 * (`askPending`) and renders the origin and an Approve button with Aperture's test ids.
 */
import { askPending } from './windowPort.ts'

askPending((request, approve) => {
  const origin = document.createElement('div')
  origin.dataset.testid = 'confirm-origin'
  origin.textContent = request.origin
  const button = document.createElement('button')
  button.dataset.testid = 'confirm-approve'
  button.textContent = 'Approve'
  button.addEventListener('click', approve)
  document.body.append(origin, button)
})
