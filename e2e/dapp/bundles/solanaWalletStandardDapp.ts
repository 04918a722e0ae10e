// A Solana dapp as they are written today: it finds wallets through the Wallet Standard's app
// registry (`getWallets()`, what wallet-adapter and kit's wallet UI use) and builds its transactions
// with @solana/kit. Bundled for the page by e2e/support/bundleDappPages.ts; driven by the e2e specs
// through `window.solanaDapp`.

import { getBase58Decoder, getBase64Decoder } from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { transferTransaction } from '../../support/solanaTransfer.ts'

type ApertureFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignInFeature

/** What a call came to: its value, or the error's name, code and message. */
type Outcome<T> =
  | { value: T }
  | { error: { name: string; message: string; code?: number; data?: unknown } }

async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await run() }
  } catch (error) {
    const {
      name = 'Error',
      message = String(error),
      code,
      data,
    } = error as {
      name?: string
      message?: string
      code?: number
      data?: unknown
    }
    return { error: { name, message, code, data } }
  }
}

const { get, on } = getWallets()
const base58 = getBase58Decoder()
const base64 = getBase64Decoder()

const isAperture = (wallet: Wallet) => wallet.name === 'Aperture'

/** Aperture, once it has registered (before this script ran, or later). */
const found = new Promise<Wallet>((resolve) => {
  const registered = get().find(isAperture)
  if (registered) resolve(registered)
  on('register', (...wallets) => {
    const wallet = wallets.find(isAperture)
    if (wallet) resolve(wallet)
  })
})

const changes: Array<{ accounts?: string[] }> = []

const view = (account: WalletAccount) => ({
  address: account.address,
  publicKey: Array.from(account.publicKey),
  chains: [...account.chains],
  features: [...account.features],
})

function show(wallet: Wallet): void {
  const accounts = document.querySelector('[data-testid="solana-accounts"]')
  if (accounts) accounts.textContent = wallet.accounts.map((account) => account.address).join(' ')
}

found.then((wallet) => {
  const features = wallet.features as ApertureFeatures
  features['standard:events'].on('change', (properties) => {
    changes.push({ accounts: properties.accounts?.map((account) => account.address) })
    show(wallet)
  })
  const status = document.querySelector('[data-testid="solana-wallet-status"]')
  if (status) status.textContent = wallet.name
})

const features = async () => (await found).features as ApertureFeatures

/** The account the dapp signs with: the wallet's first. */
async function firstAccount(): Promise<WalletAccount> {
  const [account] = (await found).accounts
  if (!account) throw new Error('not connected')
  return account
}

/** A transfer of `amount` lamports from the first account to `to`, as wire bytes. */
const transferBytes = async (rpcUrl: string, to: string, amount: number): Promise<Uint8Array> =>
  transferTransaction({ rpcUrl, from: (await firstAccount()).address, to, amount })

const solanaDapp = {
  /** The registered wallets' names, as the dapp's wallet picker lists them. */
  walletNames: () => get().map((wallet) => wallet.name),
  /** Aperture's registration as the app registry gives it. */
  wallet: async () => {
    const wallet = await found
    return {
      name: wallet.name,
      version: wallet.version,
      icon: wallet.icon,
      chains: [...wallet.chains],
      features: Object.keys(wallet.features),
      accounts: wallet.accounts.map(view),
    }
  },
  changes,
  connect: (silent = false) =>
    outcome(async () => {
      const { accounts } = await (await features())['standard:connect'].connect({ silent })
      return accounts.map(view)
    }),
  disconnect: () => outcome(async () => (await features())['standard:disconnect'].disconnect()),
  accounts: async () => (await found).accounts.map(view),
  /** Signs `text`; answers the signature (base58) and the signed bytes, for the test to verify. */
  signMessage: (text: string) =>
    outcome(async () => {
      const account = await firstAccount()
      const [output] = await (await features())['solana:signMessage'].signMessage({
        account,
        message: new TextEncoder().encode(text),
      })
      if (!output) throw new Error('no output')
      return {
        address: account.address,
        signature: base58.decode(output.signature),
        signedMessage: Array.from(output.signedMessage),
        signatureType: output.signatureType,
      }
    }),
  /** Sign-In With Solana with a statement and a nonce; answers what the wallet signed, and by whom. */
  signIn: (statement: string, nonce: string) =>
    outcome(async () => {
      const [output] = await (await features())['solana:signIn'].signIn({ statement, nonce })
      if (!output) throw new Error('no output')
      return {
        address: output.account.address,
        signature: base58.decode(output.signature),
        signedMessage: Array.from(output.signedMessage),
      }
    }),
  /** Signs a transfer and lets the wallet send it; answers the signature (base58). */
  signAndSendTransfer: (rpcUrl: string, to: string, amount: number) =>
    outcome(async () => {
      const transaction = await transferBytes(rpcUrl, to, amount)
      const [output] = await (await features())[
        'solana:signAndSendTransaction'
      ].signAndSendTransaction({
        account: await firstAccount(),
        chain: 'solana:localnet',
        transaction,
        options: { commitment: 'confirmed' },
      })
      if (!output) throw new Error('no output')
      return { signature: base58.decode(output.signature) }
    }),
  /** Signs a transfer without sending it; answers the signed transaction (base64). */
  signTransfer: (rpcUrl: string, to: string, amount: number) =>
    outcome(async () => {
      const transaction = await transferBytes(rpcUrl, to, amount)
      const [output] = await (await features())['solana:signTransaction'].signTransaction({
        account: await firstAccount(),
        chain: 'solana:localnet',
        transaction,
      })
      if (!output) throw new Error('no output')
      return { signedTransaction: base64.decode(output.signedTransaction) }
    }),
  /** Signs the transaction the spec built (its wire bytes), without sending it: any instructions. */
  signTransactionBytes: (wire: number[]) =>
    outcome(async () => {
      const [output] = await (await features())['solana:signTransaction'].signTransaction({
        account: await firstAccount(),
        chain: 'solana:localnet',
        transaction: Uint8Array.from(wire),
      })
      if (!output) throw new Error('no output')
      return { signedTransaction: base64.decode(output.signedTransaction) }
    }),
}

declare global {
  interface Window {
    solanaDapp: typeof solanaDapp
  }
}

window.solanaDapp = solanaDapp
