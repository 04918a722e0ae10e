// A dapp as the Multichain API's documentation writes one: the official client
// (`@metamask/multichain-api-client`, served unmodified from node_modules by serveDapp) with its
// DEFAULT transport, and the wallet's extension id taken from its CAIP-294 announce. No adapter.
import { getDefaultTransport, getMultichainClient } from '/vendor/multichain-api-client/index.mjs'

const rdns = 'dev.aperture.canary'

/** The announce of Aperture, with the `caip-348` target to connect to. */
const discovered = new Promise((resolve) => {
  window.addEventListener('caip294:wallet_announce', (event) => {
    const params = event.detail?.params
    if (params?.rdns !== rdns) return
    const target = params.targets?.find((entry) => entry.type === 'caip-348')
    if (target) resolve(params)
  })
})
window.dispatchEvent(
  new CustomEvent('caip294:wallet_prompt', {
    detail: { id: 1, jsonrpc: '2.0', method: 'wallet_prompt', params: {} },
  }),
)

const announced = await discovered
const extensionId = announced.targets.find((entry) => entry.type === 'caip-348').value
const client = getMultichainClient({ transport: getDefaultTransport({ extensionId }) })
const notifications = []
client.onNotification((notification) => notifications.push(notification))

/** What a client call came to: `{ result }`, or `{ error }` with the wallet's code when it gave one. */
async function call(name, params) {
  try {
    return { result: await client[name](params) }
  } catch (error) {
    const cause = error?.cause
    return {
      error: {
        name: error?.name,
        message: error?.message,
        ...(typeof cause?.code === 'number' && { code: cause.code, data: cause.data }),
      },
    }
  }
}

window.officialClient = { announced, extensionId, notifications, call }
document.querySelector('[data-testid="client-extension-id"]').textContent = extensionId
document.querySelector('[data-testid="client-status"]').textContent = 'ready'
