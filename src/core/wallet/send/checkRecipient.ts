import { isAddress as isSolanaAddress } from '@solana/kit'
import { getAddress } from 'viem'
import { hasBadChecksum } from '../../eth/hasBadChecksum.ts'

/** The namespaces the wallet sends in (DESIGN §9): an EVM chain, or a Solana cluster. */
export type SendNamespace = 'eip155' | 'solana'

/**
 * One of the wallet's own accounts, by its address in the namespace sent in, and the name the
 * screen offers it by (the worker, which shows nothing, leaves it out).
 */
export type OwnAccount = { address: string; name?: string }

/**
 * What the send screen says of the recipient typed so far (DESIGN §9):
 * - `empty`: nothing typed yet (no error shown);
 * - `invalid`: refused, with the reason (`send-to-error`);
 * - `valid`: the address to send to (EIP-55 on EVM), the wallet account's name when it is one of
 *   the user's own, and a warning the user should read before going on (sending a token to the
 *   token's own contract, where it is usually lost for good).
 */
export type RecipientCheck =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'valid'; address: string; ownName?: string; warning?: string }

export type CheckRecipientParameters = {
  namespace: SendNamespace
  /** The text in the recipient field, as typed. */
  input: string
  /** The wallet's accounts in that namespace, offered by name. */
  ownAccounts: readonly OwnAccount[]
  /** The token sent (an ERC-20 contract or an SPL mint); undefined for the native coin. */
  token?: string
}

const hexAddressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * An EVM address as EIP-55 reads it: all-lowercase or all-uppercase hex carries no checksum and is
 * accepted; mixed case is a checksum, refused when it does not match (a typo, or an address altered
 * on the way: the one thing EIP-55 exists to catch).
 */
function checkEvmAddress(input: string): RecipientCheck {
  if (!hexAddressPattern.test(input)) {
    return { kind: 'invalid', message: 'Not an address: 0x and 40 hexadecimal digits.' }
  }
  if (hasBadChecksum(input)) {
    return {
      kind: 'invalid',
      message: 'The address’s capital letters do not match its checksum (EIP-55): check it.',
    }
  }
  return { kind: 'valid', address: getAddress(input) }
}

function checkSolanaAddress(input: string): RecipientCheck {
  return isSolanaAddress(input)
    ? { kind: 'valid', address: input }
    : { kind: 'invalid', message: 'Not a Solana address: a base58 public key of 32 bytes.' }
}

/** Whether two addresses of `namespace` are the same account (EVM: any case; Solana: exactly). */
export const sameAddress = (namespace: SendNamespace, a: string, b: string): boolean =>
  namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b

/**
 * Checks the recipient as the user types it (pure: the send screen shows it at once, and the
 * worker runs it again on what the popup sends).
 *
 * @example
 * checkRecipient({ namespace: 'eip155', input: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', ownAccounts })
 * // { kind: 'valid', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', ownName: 'Account 2' }
 */
export function checkRecipient({
  namespace,
  input,
  ownAccounts,
  token,
}: CheckRecipientParameters): RecipientCheck {
  const text = input.trim()
  if (text === '') return { kind: 'empty' }
  const checked = namespace === 'eip155' ? checkEvmAddress(text) : checkSolanaAddress(text)
  if (checked.kind !== 'valid') return checked
  const own = ownAccounts.find((account) =>
    sameAddress(namespace, account.address, checked.address),
  )
  const toToken = token !== undefined && sameAddress(namespace, token, checked.address)
  return {
    ...checked,
    ...(own?.name ? { ownName: own.name } : {}),
    ...(toToken
      ? {
          warning:
            'This is the token’s own contract address: tokens sent to it are usually lost for good.',
        }
      : {}),
  }
}
