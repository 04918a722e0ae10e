import { erc20Abi, erc721Abi, getAddress, parseAbi, parseAbiItem, toEventSelector } from 'viem'

/**
 * The events and calls of standing approvals (the approval manager, DESIGN §11), written once with
 * viem's ABIs: an ERC-20 allowance (`Approval`, `allowance`, `approve`), an operator over a whole
 * collection (`ApprovalForAll`, `isApprovedForAll`, `setApprovalForAll`: ERC-721 and ERC-1155 alike)
 * and a Permit2 allowance (its `Approval` and `Permit` events, `allowance`, `approve`).
 */

/** Uniswap's Permit2, at the same address on every chain it is deployed to. */
export const permit2Address = getAddress('0x000000000022D473030F116dDEE9F6B43aC78BA3')

export const permit2Abi = parseAbi([
  'event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)',
  'event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
])

export { erc20Abi, erc721Abi }

export const erc20Approval = parseAbiItem(
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
)
export const operatorApproval = parseAbiItem(
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
)
const [permit2Approval, permit2Permit] = permit2Abi

/**
 * Every event that grants or changes a standing approval; the owner is the first indexed argument
 * of each, so one `eth_getLogs` topic filter finds an owner's approvals of every kind.
 */
export const approvalEventTopics = {
  erc20: toEventSelector(erc20Approval),
  operator: toEventSelector(operatorApproval),
  permit2Approval: toEventSelector(permit2Approval),
  permit2Permit: toEventSelector(permit2Permit),
} as const
