/**
 * How the content script (isolated world, which can read `chrome.runtime.id`) tells the MAIN-world
 * script (which cannot) the extension's id, for the CAIP-294 announce's targets and for the page's
 * external ports — or that pages have no extension transport (Firefox, which has no
 * `externally_connectable`: the announce then names no target, DESIGN §10). DOM events on `window` are shared by both worlds and dispatched synchronously;
 * their `detail` crosses worlds when it is a primitive, so the id travels as a string. Either side
 * may run first: the receiver asks when it starts (`extensionIdRequestEvent`), the sender answers
 * then, and says it once when it starts (`extensionIdEvent`).
 * Sender: `src/content/handOverExtensionId.ts`; receiver: `src/inpage/receiveExtensionId.ts`.
 */

/** Content script → MAIN world: `detail` is the extension id. */
export const extensionIdEvent = 'aperture:extension-id'
/** MAIN world → content script: send the id (again). */
export const extensionIdRequestEvent = 'aperture:extension-id-request'

/** The handover's `detail` when pages cannot reach the extension by its id. */
export const noExtensionTransport = ''

/** Whether a value is a Chrome extension id: 32 letters a–p. */
export const isExtensionId = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-p]{32}$/.test(value)
