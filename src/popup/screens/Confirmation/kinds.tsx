import type { ReactNode } from 'react'
import type { ConfirmationViews } from '../../../core/wallet/confirmationViews.ts'
import { MessageView } from './MessageView.tsx'
import { CallsView, isRisky, TransactionView } from './TransactionView.tsx'
import { TypedDataView } from './TypedDataView.tsx'

/**
 * How the window renders one kind of confirmation: its title, its body, and whether approving is
 * risky (reject is then the highlighted choice). A new kind (an added network) adds an entry.
 */
export type ConfirmationKind = {
  title(view: unknown): string
  /** The account the request acts for, shown as `confirm-account`; none for some kinds. */
  account(view: unknown): string | undefined
  body(view: unknown, context: { chainName: string }): ReactNode
  risky(view: unknown): boolean
  approveLabel: string
}

// The worker builds each view for its kind (ConfirmationViews): the casts only name that pairing.
export const confirmationKinds: Record<string, ConfirmationKind> = {
  personal_sign: {
    title: () => 'Signature request',
    account: (view) => (view as ConfirmationViews['personal_sign']).address,
    body: (view) => <MessageView view={view as ConfirmationViews['personal_sign']} />,
    risky: () => false,
    approveLabel: 'Sign',
  },
  eth_signTypedData_v4: {
    title: () => 'Typed data signature',
    account: (view) => (view as ConfirmationViews['eth_signTypedData_v4']).address,
    body: (view) => <TypedDataView view={view as ConfirmationViews['eth_signTypedData_v4']} />,
    risky: () => false,
    approveLabel: 'Sign',
  },
  transaction: {
    title: () => 'Transaction',
    account: (view) => (view as ConfirmationViews['transaction']).transaction.from,
    body: (view, { chainName }) => (
      <TransactionView view={view as ConfirmationViews['transaction']} chainName={chainName} />
    ),
    risky: (view) => isRisky(view as ConfirmationViews['transaction']),
    approveLabel: 'Send',
  },
  calls: {
    title: (view) =>
      `Batch of ${(view as ConfirmationViews['calls']).transactions.length} transactions`,
    account: (view) => (view as ConfirmationViews['calls']).from,
    body: (view, { chainName }) => (
      <CallsView view={view as ConfirmationViews['calls']} chainName={chainName} />
    ),
    risky: (view) => isRisky(view as ConfirmationViews['calls']),
    approveLabel: 'Send all',
  },
}
