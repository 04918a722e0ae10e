import { describe, expect, it } from 'vitest'
import type { WalletState } from '../../../core/protocol/popupMessages.ts'
import type { ConfirmationRecord } from '../../../core/wallet/createConfirmations.ts'
import { listNetworks, resolveSettings } from '../../../core/wallet/networks.ts'
import type { PopupPorts } from '../ports.ts'
import { confirmationsList } from './list.ts'
import { confirmationsOpen } from './open.ts'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const record: ConfirmationRecord = {
  id: 'confirmation-1',
  requestKey: 'connection-1/7',
  requestDigest: 'digest',
  origin: 'https://dapp.example',
  chainId: 'eip155:31337',
  kind: 'personal_sign',
  view: { address: account, message: { kind: 'text', text: 'Sign in' } },
  createdAt: 1_700_000_000_000,
}

/** The handlers over a wallet in `state` and a queue holding `record`. */
function portsWith(state: WalletState) {
  const ports = {
    wallet: { state: async () => state },
    confirmations: { pending: async () => [record] },
    networks: { networks: async () => listNetworks(resolveSettings(undefined)) },
  } as unknown as PopupPorts
  return { open: confirmationsOpen(ports), list: confirmationsList(ports) }
}

describe('confirmations:open', () => {
  it("answers an unlocked wallet's state and its queue as confirmations:list gives it, in one answer", async () => {
    const wallet: WalletState = { status: 'unlocked', accounts: [account] }
    const { open, list } = portsWith(wallet)

    const start = await open(undefined)

    expect(start).toEqual({ wallet, queue: await list(undefined) })
    expect(start.queue?.map(({ id, chainName }) => ({ id, chainName }))).toEqual([
      { id: 'confirmation-1', chainName: 'Local devnet' },
    ])
  })

  it("leaves a locked wallet's queue out: the window asks to unlock first", async () => {
    const wallet: WalletState = { status: 'locked', accounts: [] }
    const { open } = portsWith(wallet)

    expect(await open(undefined)).toEqual({ wallet })
  })
})
