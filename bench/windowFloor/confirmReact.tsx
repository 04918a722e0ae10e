/**
 * The React floor's confirmation window (issue 36): the window floor's (`confirm.ts`) rendered with
 * the project's React instead of the DOM by hand — `createRoot` at module start, one component
 * showing the origin (`confirm-origin`) and the Approve button, rendered once the worker's answer
 * comes — so the bench can tell what React costs a window from what Aperture adds beyond it.
 */
import { createRoot } from 'react-dom/client'
import type { FloorPending } from './protocol.ts'
import { askPending } from './windowPort.ts'

/** The request's origin and its Approve button, with Aperture's test ids. */
function Confirm({ request, approve }: { request: FloorPending; approve: () => void }) {
  return (
    <>
      <div data-testid="confirm-origin">{request.origin}</div>
      <button type="button" data-testid="confirm-approve" onClick={approve}>
        Approve
      </button>
    </>
  )
}

const root = createRoot(document.body.appendChild(document.createElement('div')))
askPending((request, approve) => root.render(<Confirm request={request} approve={approve} />))
