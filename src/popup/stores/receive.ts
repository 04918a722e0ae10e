import { toString as qrSvg } from 'qrcode'
import { create } from 'zustand'
import { errorMessage } from '../callBackground.ts'
import { popupPort } from '../popupPort.ts'

type ReceiveStore = {
  /** The address shown (EIP-55 or base58), in full. */
  address: string | undefined
  /** The QR code of exactly `address`, as an SVG data address for an `<img>`. */
  qr: string | undefined
  copied: boolean
  error: string | undefined
  show(address: string): Promise<void>
  copy(): Promise<void>
}

/**
 * The receive screen (DESIGN §9): one of the wallet's addresses, its QR code (the kept `qrcode`
 * library, error correction M) and copy through the popup port's clipboard.
 */
export const useReceive = create<ReceiveStore>((set, get) => ({
  address: undefined,
  qr: undefined,
  copied: false,
  error: undefined,
  async show(address) {
    set({ address, qr: undefined, copied: false, error: undefined })
    try {
      const svg = await qrSvg(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
      if (get().address === address) {
        set({ qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` })
      }
    } catch (error) {
      set({ error: errorMessage(error) })
    }
  },
  async copy() {
    const { address } = get()
    if (!address) return
    await popupPort().writeClipboard(address)
    set({ copied: true })
  },
}))
