import { accountsExportKey } from './accounts/exportKey.ts'
import { accountsImportKey } from './accounts/importKey.ts'
import { accountsRemove } from './accounts/remove.ts'
import { accountsRename } from './accounts/rename.ts'
import { approvalContinueToSite } from './approval/continueToSite.ts'
import { approvalGet } from './approval/get.ts'
import { approvalResolve } from './approval/resolve.ts'
import { approvalsList } from './approvals/list.ts'
import { approvalsRevoke } from './approvals/revoke.ts'
import { clipboardClearLater } from './clipboard/clearLater.ts'
import { confirmationCheckNetwork } from './confirmation/checkNetwork.ts'
import { confirmationResolve } from './confirmation/resolve.ts'
import { confirmationsClose } from './confirmations/close.ts'
import { confirmationsList } from './confirmations/list.ts'
import { confirmationsOpen } from './confirmations/open.ts'
import { connectionsList } from './connections/list.ts'
import { connectionsRevoke } from './connections/revoke.ts'
import { connectionsSetActiveAccount } from './connections/setActiveAccount.ts'
import { connectionsUpdate } from './connections/update.ts'
import { homeBalances } from './home/balances.ts'
import { homeSolanaBalances } from './home/solanaBalances.ts'
import { homeTokens } from './home/tokens.ts'
import { networksList } from './networks/list.ts'
import { networksRemove } from './networks/remove.ts'
import { networksSave } from './networks/save.ts'
import type { PopupHandlers, PopupPorts } from './ports.ts'
import { sendAssets } from './send/assets.ts'
import { sendQuote } from './send/quote.ts'
import { sendStatus } from './send/status.ts'
import { sendSubmit } from './send/submit.ts'
import { sendToken } from './send/token.ts'
import { settingsGet } from './settings/get.ts'
import { settingsSet } from './settings/set.ts'
import { solanaTransactionsList } from './solanaTransactions/list.ts'
import { transactionsList } from './transactions/list.ts'
import { transactionsReplace } from './transactions/replace.ts'
import { walletAddAccount } from './wallet/addAccount.ts'
import { walletChangePassword } from './wallet/changePassword.ts'
import { walletCreate } from './wallet/create.ts'
import { walletGetState } from './wallet/getState.ts'
import { walletImport } from './wallet/import.ts'
import { walletLock } from './wallet/lock.ts'
import { walletNewMnemonic } from './wallet/newMnemonic.ts'
import { walletRevealPhrase } from './wallet/revealPhrase.ts'
import { walletUnlock } from './wallet/unlock.ts'

/**
 * Every popup request's handler, by request type (the popup's router): a new request adds its file
 * beside the others and its line here.
 */
export function popupHandlers(ports: PopupPorts): PopupHandlers {
  return {
    'wallet:getState': walletGetState(ports),
    'wallet:newMnemonic': walletNewMnemonic(ports),
    'wallet:create': walletCreate(ports),
    'wallet:import': walletImport(ports),
    'wallet:unlock': walletUnlock(ports),
    'wallet:lock': walletLock(ports),
    'wallet:addAccount': walletAddAccount(ports),
    'accounts:rename': accountsRename(ports),
    'accounts:importKey': accountsImportKey(ports),
    'accounts:remove': accountsRemove(ports),
    'accounts:exportKey': accountsExportKey(ports),
    'wallet:revealPhrase': walletRevealPhrase(ports),
    'wallet:changePassword': walletChangePassword(ports),
    'approval:get': approvalGet(ports),
    'approval:resolve': approvalResolve(ports),
    'approval:continueToSite': approvalContinueToSite(ports),
    'home:balances': homeBalances(ports),
    'home:tokens': homeTokens(ports),
    'home:solanaBalances': homeSolanaBalances(ports),
    'solanaTransactions:list': solanaTransactionsList(ports),
    'transactions:list': transactionsList(ports),
    'transactions:replace': transactionsReplace(ports),
    'confirmations:list': confirmationsList(ports),
    'confirmations:open': confirmationsOpen(ports),
    'confirmation:resolve': confirmationResolve(ports),
    'confirmation:checkNetwork': confirmationCheckNetwork(ports),
    'confirmations:close': confirmationsClose(ports),
    'clipboard:clearLater': clipboardClearLater(ports),
    'settings:get': settingsGet(ports),
    'settings:set': settingsSet(ports),
    'networks:list': networksList(ports),
    'networks:save': networksSave(ports),
    'networks:remove': networksRemove(ports),
    'connections:list': connectionsList(ports),
    'connections:update': connectionsUpdate(ports),
    'connections:revoke': connectionsRevoke(ports),
    'connections:setActiveAccount': connectionsSetActiveAccount(ports),
    'send:assets': sendAssets(ports),
    'send:token': sendToken(ports),
    'send:quote': sendQuote(ports),
    'send:submit': sendSubmit(ports),
    'send:status': sendStatus(ports),
    'approvals:list': approvalsList(ports),
    'approvals:revoke': approvalsRevoke(ports),
  }
}
