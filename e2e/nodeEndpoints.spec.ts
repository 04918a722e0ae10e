/**
 * The demo dapp shows both node endpoints `npm start` runs (issue 19): the EVM endpoint's head
 * block and the Solana endpoint's slot, read by the page itself through each endpoint (CORS).
 */
import { expect, test } from './fixtures.ts'
import { type RunningEndpoint, startSolanaEndpoint } from './support/endpoint.ts'

let solana: RunningEndpoint

test.beforeAll(async () => {
  solana = await startSolanaEndpoint()
})

test.afterAll(async () => {
  await solana?.close()
})

test('the demo dapp shows the EVM head block and the Solana slot of the endpoints it is given', async ({
  endpoint,
  dapp,
  openDapp,
}) => {
  const page = await openDapp(
    dapp,
    `?${new URLSearchParams({ evm: endpoint.httpUrl, solana: solana.httpUrl })}`,
  )
  await expect(page.getByTestId('endpoint-evm')).toHaveText(endpoint.httpUrl)
  await expect(page.getByTestId('endpoint-solana')).toHaveText(solana.httpUrl)
  await expect(page.getByTestId('endpoint-evm-head')).toHaveText(/^block \d+$/)
  await expect(page.getByTestId('endpoint-solana-head')).toHaveText(/^slot \d+$/)
  // The slot moves: the page reads it again.
  const first = Number((await page.getByTestId('endpoint-solana-head').textContent())?.slice(5))
  await expect
    .poll(async () =>
      Number((await page.getByTestId('endpoint-solana-head').textContent())?.slice(5)),
    )
    .toBeGreaterThan(first)
})
