import type { ReactNode } from 'react'
import { networkCheckOf } from '../../../core/wallet/addNetworkView.ts'
import type {
  ConfirmationViews,
  SolanaConfirmationViews,
} from '../../../core/wallet/confirmationViews.ts'
import { MessageView } from './MessageView.tsx'
import { NetworkView } from './NetworkView.tsx'
import { SolanaMessageView, SolanaSignInView, SolanaTransactionView } from './SolanaViews.tsx'
import { TokenView } from './TokenView.tsx'
import { CallsView, TransactionView } from './TransactionView.tsx'
import { TypedDataView } from './TypedDataView.tsx'

/**
 * How the window renders one kind of confirmation: its title and its body. Whether approving is
 * risky is the worker's verdict (`ConfirmationView.warnings`), not the window's. A new kind (an
 * added network) adds an entry.
 */
export type ConfirmationKind = {
  title(view: unknown): string
  /** What the site asks, under its origin ("asks you to sign this message"). */
  lead(view: unknown): string
  /** The account the request acts for, shown as `confirm-account`; none for some kinds. */
  account(view: unknown): string | undefined
  /** `progress`: what the worker did at the user's asking before the answer (a network's check). */
  body(view: unknown, context: { id: string; chainName: string; progress: unknown }): ReactNode
  /**
   * A message or typed data: when longer than the window, Approve waits until it has been scrolled
   * to its end (DESIGN §11; a window rule, the worker cannot see scrolling).
   */
  readToEnd?: boolean
  /** Whether Approve may be pressed yet (default: yes); the worker checks it again. */
  approvable?(view: unknown, progress: unknown): boolean
  approveLabel: string
}

// The worker builds each view for its kind (ConfirmationViews): the casts only name that pairing.
export const confirmationKinds: Record<string, ConfirmationKind> = {
  personal_sign: {
    readToEnd: true,
    title: () => 'Signature request',
    lead: () => 'asks you to sign this message',
    account: (view) => (view as ConfirmationViews['personal_sign']).address,
    body: (view) => <MessageView view={view as ConfirmationViews['personal_sign']} />,
    approveLabel: 'Sign',
  },
  eth_signTypedData_v4: {
    readToEnd: true,
    title: () => 'Typed data signature',
    lead: () => 'asks you to sign this typed data',
    account: (view) => (view as ConfirmationViews['eth_signTypedData_v4']).address,
    body: (view) => <TypedDataView view={view as ConfirmationViews['eth_signTypedData_v4']} />,
    approveLabel: 'Sign',
  },
  transaction: {
    title: () => 'Transaction',
    lead: () => 'asks you to send this transaction',
    account: (view) => (view as ConfirmationViews['transaction']).transaction.from,
    body: (view, { chainName }) => (
      <TransactionView view={view as ConfirmationViews['transaction']} chainName={chainName} />
    ),
    approveLabel: 'Send',
  },
  calls: {
    lead: (view) =>
      `asks you to send these ${(view as ConfirmationViews['calls']).transactions.length} transactions`,
    title: (view) =>
      `Batch of ${(view as ConfirmationViews['calls']).transactions.length} transactions`,
    account: (view) => (view as ConfirmationViews['calls']).from,
    body: (view, { chainName }) => (
      <CallsView view={view as ConfirmationViews['calls']} chainName={chainName} />
    ),
    approveLabel: 'Send all',
  },
  add_network: {
    title: () => 'Add a network',
    lead: () => 'asks you to add this network',
    account: () => undefined,
    body: (view, { id, progress }) => (
      // Keyed by request: one network's opt-in never carries over to the next.
      <NetworkView key={id} view={view as ConfirmationViews['add_network']} progress={progress} />
    ),
    // Added only after the user saw its check pass.
    approvable: (_view, progress) => networkCheckOf(progress)?.passed === true,
    approveLabel: 'Add network',
  },
  watch_asset: {
    title: () => 'Add a token',
    lead: () => 'asks you to watch this token',
    account: () => undefined,
    body: (view) => <TokenView view={view as ConfirmationViews['watch_asset']} />,
    approveLabel: 'Add token',
  },
  solana_signMessage: {
    readToEnd: true,
    title: () => 'Signature request',
    lead: () => 'asks you to sign this message',
    account: (view) => (view as SolanaConfirmationViews['solana_signMessage']).address,
    body: (view) => (
      <SolanaMessageView view={view as SolanaConfirmationViews['solana_signMessage']} />
    ),
    approveLabel: 'Sign',
  },
  solana_signIn: {
    title: () => 'Sign in with Solana',
    lead: () => 'asks you to sign in',
    account: (view) => (view as SolanaConfirmationViews['solana_signIn']).address,
    body: (view) => <SolanaSignInView view={view as SolanaConfirmationViews['solana_signIn']} />,
    approveLabel: 'Sign in',
  },
  solana_transaction: {
    title: (view) =>
      (view as SolanaConfirmationViews['solana_transaction']).send
        ? 'Transaction'
        : 'Sign a transaction',
    lead: (view) =>
      (view as SolanaConfirmationViews['solana_transaction']).send
        ? 'asks you to send this transaction'
        : 'asks you to sign this transaction (it will not be sent)',
    account: (view) => (view as SolanaConfirmationViews['solana_transaction']).address,
    body: (view, { chainName }) => (
      <SolanaTransactionView
        view={view as SolanaConfirmationViews['solana_transaction']}
        chainName={chainName}
      />
    ),
    approveLabel: 'Approve',
  },
}
