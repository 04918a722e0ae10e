/**
 * The window floor's service worker: holds each page request in memory, opens a popup window at
 * Aperture's size for a signature, signs with secp256k1 (`personal_sign`'s hash) when the window
 * approves and answers the page over its port. Nothing is stored.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js'
import type { FloorAnswer, FloorPending, FloorRequest, FloorWindowMessage } from './protocol.ts'

/** The test mnemonic's first account key (anvil's first account). */
const privateKey = hexToBytes('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const pending = new Map<number, FloorPending & { port: chrome.runtime.Port; id: number }>()
let nextKey = 1

/** EIP-191 `personal_sign` of `message` (hex), as r ‖ s ‖ v. */
const personalSign = (message: string): string => {
  const bytes = hexToBytes(message.slice(2))
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`)
  const digest = keccak_256(new Uint8Array([...prefix, ...bytes]))
  const signature = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' })
  // `recovered` is v ‖ r ‖ s: Ethereum's order is r ‖ s ‖ (27 + v).
  return `0x${bytesToHex(signature.slice(1))}${(27 + (signature[0] ?? 0)).toString(16)}`
}

const servePage = (port: chrome.runtime.Port): void => {
  port.onMessage.addListener((request: FloorRequest) => {
    if (request.method === 'ping') {
      port.postMessage({ id: request.id, result: 'pong' } satisfies FloorAnswer)
      return
    }
    const key = nextKey++
    const origin = port.sender?.origin ?? ''
    pending.set(key, { key, origin, message: request.message, port, id: request.id })
    void chrome.windows.create({
      url: chrome.runtime.getURL('confirm.html?confirm'),
      type: 'popup',
      width: 400,
      height: 680,
      focused: true,
    })
  })
}

const serveWindow = (port: chrome.runtime.Port): void => {
  port.onMessage.addListener((message: FloorWindowMessage) => {
    if ('ask' in message) {
      const first = pending.values().next().value
      port.postMessage({
        pending: first && { key: first.key, origin: first.origin, message: first.message },
      })
      return
    }
    const request = pending.get(message.approve)
    if (!request) return
    pending.delete(message.approve)
    request.port.postMessage({
      id: request.id,
      result: personalSign(request.message),
    } satisfies FloorAnswer)
    port.postMessage({ answered: request.key })
  })
}

chrome.runtime.onConnect.addListener((port) =>
  (port.name === 'window' ? serveWindow : servePage)(port),
)
