/**
 * The messages of the window floor (`bench/windowFloor.ts`): the page's requests and answers, and
 * the confirmation window's one question, its approval and the worker's replies.
 */

/** A page request: sign `message`, or a read answered at once (`ping`, the cold start's). */
export type FloorRequest =
  | { id: number; method: 'sign'; message: string }
  | { id: number; method: 'ping' }
/** What the page gets back for a request. */
export type FloorAnswer = { id: number; result: string }
/** The request the window shows, as the worker holds it in memory. */
export type FloorPending = { key: number; origin: string; message: string }
/** The window's messages: its one question, then the user's approval. */
export type FloorWindowMessage = { ask: 'pending' } | { approve: number }
/** The worker's replies to the window: the pending request, then that it was answered. */
export type FloorWindowReply = { pending: FloorPending | undefined } | { answered: number }

declare global {
  /**
   * The floor's name in the dapp page (`windowFloor`, `reactFloor`), written in by the build
   * (`define`): two floors run on one page, each under its own `window[FLOOR_NAME]`, and each
   * content script hands its port only to its own page script.
   */
  const FLOOR_NAME: string
}
