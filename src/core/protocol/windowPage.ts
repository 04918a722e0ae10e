/**
 * The extension page of the wallet's own windows, the approval window and the confirmation window
 * (told apart by the query): not the toolbar popup's page. It is built on its own, as one module
 * (`vite.config.ts`), so a window loads none of the worker's code nor the Home screens'
 * (issue 36; `e2e/windowBundle.spec.ts` checks the build).
 */
export const windowPagePath = 'src/popup/window.html'
