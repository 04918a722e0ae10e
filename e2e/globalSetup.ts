import { bundleDappPages } from './support/bundleDappPages.ts'

/** Before any spec: the test pages' dapp bundles (viem, wagmi core, …) are built. */
export default async function globalSetup(): Promise<void> {
  await bundleDappPages()
}
