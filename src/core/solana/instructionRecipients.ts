import type { Recipient } from '../wallet/warnings/recipientBook.ts'
import type { InstructionView } from './decodeInstruction.ts'

/** The field of each decoded instruction that names who receives or may spend, by program. */
const recipientFields: Record<string, Record<string, Recipient['role']>> = {
  'System Program/Transfer': { To: 'recipient' },
  'SPL Token/Transfer': { Destination: 'recipient' },
  'SPL Token/Transfer (checked)': { Destination: 'recipient' },
  'SPL Token/Approve': { Delegate: 'spender' },
  'Token-2022/Transfer': { Destination: 'recipient' },
  'Token-2022/Transfer (checked)': { Destination: 'recipient' },
  'Token-2022/Approve': { Delegate: 'spender' },
  'Associated Token Account/Create token account': { Owner: 'recipient' },
}

/**
 * The accounts a Solana transaction's decoded instructions send to (SOL transfers, token transfers,
 * the owner of a token account created for a recipient) or let spend (token approvals), in
 * instruction order: what the recipient warnings check and the activity keeps (DESIGN §11).
 *
 * @example instructionRecipients([systemTransfer]) // [{ address: '<To>', role: 'recipient' }]
 */
export function instructionRecipients(instructions: readonly InstructionView[]): Recipient[] {
  return instructions.flatMap(({ program, instruction, fields }) => {
    const roles = recipientFields[`${program}/${instruction}`] ?? {}
    return fields.flatMap(({ label, value }) => {
      const role = Object.hasOwn(roles, label) ? roles[label] : undefined
      return role ? [{ address: value, role }] : []
    })
  })
}
