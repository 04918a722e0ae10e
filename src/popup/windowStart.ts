import { isConfirmationPage } from '../core/protocol/confirmationPage.ts'
import { askEarly, chromePort } from './chromePort.ts'

/**
 * The windows' first script (issue 36): a classic script of a few hundred bytes that runs while the
 * page is parsed, before its module (React and the screens) is loaded. In the confirmation window
 * it asks the worker the window's one question, `confirmations:open`, at once, so that the answer
 * comes while the module loads; the module's port takes it (`chromePort.ts`). It shows nothing:
 * what the window shows is the module's first render of that answer.
 */
if (isConfirmationPage(chromePort.query())) askEarly('confirmations:open')
