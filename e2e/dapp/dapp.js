// The Aperture demo dapp: calls the four Multichain API methods through window.aperture with
// editable JSON params, shows each outcome (result, or error with its code) and logs every
// notification as it arrives. Plain script on purpose: no framework, nothing from src/.

const chain = 'eip155:31337'
const firstAccount = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const readMethods = [
  'eth_blockNumber',
  'eth_chainId',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionCount',
  'eth_call',
  'eth_getLogs',
  'eth_newFilter',
  'eth_getFilterLogs',
  'eth_getFilterChanges',
  'eth_uninstallFilter',
  'eth_subscribe',
  'eth_unsubscribe',
]

const defaults = {
  wallet_createSession: {
    optionalScopes: {
      [chain]: {
        methods: readMethods,
        notifications: ['eth_subscription'],
        accounts: [`${chain}:${firstAccount}`],
      },
    },
  },
  wallet_getSession: {},
  wallet_invokeMethod: { scope: chain, request: { method: 'eth_blockNumber', params: [] } },
  wallet_revokeSession: {},
}

const presets = {
  eth_blockNumber: [],
  eth_chainId: [],
  eth_getBalance: [firstAccount, 'latest'],
  eth_getBlockByNumber: ['latest', false],
  eth_getTransactionByBlockNumberAndIndex: ['latest', '0x0'],
  eth_getLogs: [{ fromBlock: '0x0', toBlock: 'latest' }],
  eth_newFilter: [{ fromBlock: '0x0', toBlock: 'latest' }],
  eth_getFilterLogs: ['0x1'],
  eth_subscribe: ['newHeads'],
  eth_unsubscribe: ['0x1'],
}

/** What the page has seen, for people reading the page and for tests reading the DOM or this. */
const demo = { events: [], outcomes: {} }
window.apertureDemo = demo

const byTestId = (id) => document.querySelector(`[data-testid="${id}"]`)
const pretty = (value) => JSON.stringify(value, null, 2)

function show(method, state, text) {
  const output = byTestId(`outcome-${method}`)
  output.dataset.state = state
  output.textContent = text
}

async function call(method) {
  const provider = window.aperture
  if (!provider) {
    show(method, 'error', 'window.aperture is not installed')
    return
  }
  let params
  try {
    params = JSON.parse(byTestId(`params-${method}`).value)
  } catch (error) {
    show(method, 'error', `params are not JSON: ${error.message}`)
    return
  }
  show(method, 'pending', '…')
  try {
    const result = await provider.request({ method, params })
    demo.outcomes[method] = { result }
    show(method, 'ok', pretty(result))
  } catch (error) {
    const { code, message, data } = error ?? {}
    demo.outcomes[method] = { error: { code, message, data } }
    const output = byTestId(`outcome-${method}`)
    show(
      method,
      'error',
      `error ${code}: ${message}${data === undefined ? '' : `\n${pretty(data)}`}`,
    )
    output.dataset.code = String(code)
  }
}

function logEvent(name, params) {
  demo.events.push({ name, params })
  const item = document.createElement('li')
  item.dataset.testid = `event-${name}`
  item.textContent = `${new Date().toISOString()} ${name} ${JSON.stringify(params)}`
  byTestId('event-log').append(item)
  byTestId('event-count').textContent = String(demo.events.length)
}

/**
 * The node endpoints `npm start` runs (EVM and Solana; `?evm=…&solana=…` names others), each with its
 * head as the endpoint answers it directly (CORS), every 2 s: the block number, the slot.
 */
const endpoints = [
  {
    name: 'evm',
    fallback: 'http://127.0.0.1:8545/v3/dev',
    method: 'eth_blockNumber',
    label: 'block',
  },
  { name: 'solana', fallback: 'http://127.0.0.1:8899/v3/dev', method: 'getSlot', label: 'slot' },
]

function showEndpoints() {
  const given = new URLSearchParams(location.search)
  for (const { name, fallback, method, label } of endpoints) {
    const url = given.get(name) ?? fallback
    byTestId(`endpoint-${name}`).textContent = url
    const head = byTestId(`endpoint-${name}-head`)
    const refresh = async () => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
        })
        const { result } = await response.json()
        head.textContent = `${label} ${Number(result)}`
      } catch (error) {
        head.textContent = `unreachable (${error.message})`
      }
    }
    refresh()
    setInterval(refresh, 2000)
  }
}

function setUp() {
  byTestId('origin').textContent = location.origin
  showEndpoints()
  for (const [method, params] of Object.entries(defaults)) {
    byTestId(`params-${method}`).value = pretty(params)
    byTestId(`call-${method}`).addEventListener('click', () => call(method))
  }

  const preset = byTestId('invoke-preset')
  for (const name of Object.keys(presets)) preset.append(new Option(name, name))
  preset.addEventListener('change', () => {
    byTestId('params-wallet_invokeMethod').value = pretty({
      scope: chain,
      request: { method: preset.value, params: presets[preset.value] },
    })
  })

  byTestId('events-clear').addEventListener('click', () => {
    demo.events.length = 0
    byTestId('event-log').replaceChildren()
    byTestId('event-count').textContent = '0'
  })

  window.addEventListener('caip294:wallet_announce', (event) => {
    const info = event.detail?.params ?? event.detail
    byTestId('provider-info').textContent = info?.name
      ? `(announced: ${info.name}, ${info.rdns})`
      : ''
  })
  window.dispatchEvent(
    new CustomEvent('caip294:wallet_prompt', {
      detail: { id: 1, jsonrpc: '2.0', method: 'wallet_prompt', params: {} },
    }),
  )

  const provider = window.aperture
  byTestId('provider-status').textContent = provider ? 'installed' : 'missing'
  if (!provider) return
  provider.on('wallet_notify', (params) => logEvent('wallet_notify', params))
  provider.on('wallet_sessionChanged', (params) => logEvent('wallet_sessionChanged', params))
}

setUp()
