import type { PopupRequestType, PopupResponse } from '../core/protocol/popupMessages.ts'
import type { PopupPort } from './popupPort.ts'

type Response = PopupResponse<PopupRequestType> | undefined
type StorageChanges = Record<string, chrome.storage.StorageChange>

/** The question a window's first script may ask early: the confirmation window's one question. */
type EarlyQuestionType = 'confirmations:open'

/**
 * What the windows' first script (`windowStart.ts`) began while the page's module was still
 * loading (issue 36): one question to the worker, and the storage changes kept since it was asked.
 * The module's port takes both, once: `send` the answer, the first `onStorageChanged` listener the
 * changes. The two scripts are bundled apart, so they meet on the page's global.
 */
type EarlyStart = {
  question?: {
    type: EarlyQuestionType
    /** The worker's answer, or the error the sending failed with (thrown again to the asker). */
    outcome: Promise<{ response: Response } | { error: unknown }>
  }
  kept?: { changes: Array<[keys: string[], area: string]>; stop(): void }
}
const earlyStartKey = 'apertureEarlyStart'
const page = () => window as typeof window & { [earlyStartKey]?: EarlyStart }

/**
 * The browsers' rejections of a message whose listener had promised an answer and went away
 * before giving it: Chromium's, when the worker stopped with the channel it kept open to answer;
 * Firefox's, when the event page's promised answer was collected unsettled (`StrongPromise` in
 * Firefox's `ExtensionChild.sys.mjs`).
 */
const answerLostTexts = [
  'message channel closed before a response was received',
  'Promised response from onMessage listener went out of scope',
]

/**
 * The rejection of a message nobody took: no worker listening in Chromium; in Firefox also the
 * event page unloaded while it answered (the parent's `ProxyMessenger` finds no receiver once the
 * page's actor is gone, as if none had listened).
 */
const noReceiverText = 'Receiving end does not exist'

const says = (error: unknown, text: string): boolean =>
  error instanceof Error && error.message.includes(text)

/**
 * Whether the worker answers a read now (`wallet:getState`, which changes nothing): a rejected read
 * is a worker that answers nothing, whatever the rejection says.
 */
const workerAnswers = (): Promise<boolean> =>
  (
    chrome.runtime.sendMessage({ type: 'wallet:getState', params: undefined }) as Promise<Response>
  ).then(
    (response) => response !== undefined,
    () => false,
  )

/**
 * Sends `message` to the worker: its answer, or undefined when the worker went away before
 * answering — a rejection in `answerLostTexts`, or "Receiving end does not exist" followed by a
 * worker that answers (Firefox's event page unloaded with the question and woke for the read).
 * Any other rejection, and "Receiving end does not exist" from a worker that answers nothing
 * (none listening), is thrown. The early question and every later one alike.
 */
async function sendToWorker(message: unknown): Promise<Response> {
  try {
    return await (chrome.runtime.sendMessage(message) as Promise<Response>)
  } catch (error) {
    if (answerLostTexts.some((text) => says(error, text))) return undefined
    if (says(error, noReceiverText) && (await workerAnswers())) return undefined
    throw error
  }
}

/**
 * Asks `type` of the worker now, from the windows' first script, before the page's module has
 * loaded: the module's `send` of the same question takes this answer instead of asking again, so
 * the worker answers while the module loads. Storage changes are kept from before the question on,
 * so that none made after the worker answered is lost before the module listens.
 */
export function askEarly(type: EarlyQuestionType): void {
  const changes: NonNullable<EarlyStart['kept']>['changes'] = []
  const keep = (changed: StorageChanges, area: string) => {
    changes.push([Object.keys(changed), area])
  }
  chrome.storage.onChanged.addListener(keep)
  const sent = sendToWorker({ type })
  page()[earlyStartKey] = {
    question: {
      type,
      outcome: sent.then(
        (response) => ({ response }),
        (error: unknown) => ({ error }),
      ),
    },
    kept: { changes, stop: () => chrome.storage.onChanged.removeListener(keep) },
  }
}

/** The early question's outcome if it is `type` and was not taken yet (it is taken once). */
function takeEarlyQuestion(type: PopupRequestType): EarlyStart['question'] {
  const early = page()[earlyStartKey]
  const question = early?.question
  if (!early || question?.type !== type) return undefined
  early.question = undefined
  return question
}

/** The storage changes kept since the early question, if no listener took them yet (once). */
function takeKeptChanges(): NonNullable<EarlyStart['kept']>['changes'] {
  const early = page()[earlyStartKey]
  const kept = early?.kept
  if (!early || !kept) return []
  early.kept = undefined
  kept.stop()
  return kept.changes
}

/**
 * The popup's port over the extension APIs of this page: the toolbar popup's (`main.tsx`) and the
 * windows' (`windowMain.tsx`) entries install it before their first render.
 */
export const chromePort: PopupPort = {
  async send(request) {
    const early = takeEarlyQuestion(request.type)
    if (!early) return sendToWorker(request)
    const outcome = await early.outcome
    if ('error' in outcome) throw outcome.error
    return outcome.response
  },
  onStorageChanged(listener) {
    const onChanged = (changes: StorageChanges, area: string) =>
      listener(Object.keys(changes), area)
    chrome.storage.onChanged.addListener(onChanged)
    for (const [keys, area] of takeKeptChanges()) listener(keys, area)
    return () => chrome.storage.onChanged.removeListener(onChanged)
  },
  close: () => window.close(),
  query: () => window.location.search,
  writeClipboard: (text) => navigator.clipboard.writeText(text),
  openTab: (url) => void chrome.tabs.create({ url }),
}
