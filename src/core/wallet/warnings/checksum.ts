import { echo } from '../../rpc/errors.ts'
import { viewOf, type WarningRule } from './warningRule.ts'

/**
 * `checksum` (warn): the page wrote an address of its transaction (the recipient, or an ERC-20
 * transfer's recipient or approval's spender) mixed-case with a bad EIP-55 checksum — mistyped, or
 * altered on the way. Found in the page's own params before they were normalized (`badChecksums`).
 */
export const checksum: WarningRule = (subject) => {
  const view = viewOf(subject, 'transaction') ?? viewOf(subject, 'calls')
  const [written] = view?.badChecksums ?? []
  if (written === undefined) return undefined
  return {
    kind: 'checksum',
    level: 'warn',
    message: `The site wrote the address ${echo(written, 42)} with capital letters that do not match its checksum (EIP-55): it may be mistyped or altered. Check it before going on.`,
  }
}
