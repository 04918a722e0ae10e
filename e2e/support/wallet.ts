import type { Page } from '@playwright/test'
import type { RunningEndpoint } from './endpoint.ts'
import { type LaunchedWallet, type LaunchWalletOptions, launchWallet } from './launchWallet.ts'
import { configureLocalDevnet, onboard } from './walletUi.ts'

export type ReadyWallet = LaunchedWallet & {
  /** The popup page, on the home screen, left open in its tab. */
  popup: Page
}

/**
 * Chromium with the extension, onboarded with the test mnemonic and its Local devnet pointed at
 * `endpoint`: the state every e2e test and the benchmark start from.
 */
export async function startReadyWallet(
  endpoint: Pick<RunningEndpoint, 'httpUrl' | 'wsUrl'>,
  options: Pick<LaunchWalletOptions, 'headless' | 'alsoLoad' | 'viewport'> & {
    screenshots?: boolean
  } = {},
): Promise<ReadyWallet> {
  const wallet = await launchWallet({
    headless: options.headless ?? true,
    alsoLoad: options.alsoLoad,
    viewport: options.viewport,
  })
  try {
    const popup = await onboard(wallet.context, wallet.popupUrl, {
      screenshots: options.screenshots,
    })
    await configureLocalDevnet(popup, endpoint)
    return { ...wallet, popup }
  } catch (error) {
    await wallet.close()
    throw error
  }
}
