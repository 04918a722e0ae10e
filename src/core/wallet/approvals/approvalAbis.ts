import { type Address, erc20Abi, erc721Abi, type Hex, parseAbi, parseAbiItem } from 'viem'

/**
 * The events and calls of standing approvals (the approval manager, DESIGN §11), written once with
 * viem's ABIs: an ERC-20 allowance (`Approval`, `allowance`, `approve`), an operator over a whole
 * collection (`ApprovalForAll`, `isApprovedForAll`, `setApprovalForAll`: ERC-721 and ERC-1155 alike)
 * and a Permit2 allowance (its `Approval` and `Permit` events, `allowance`, `approve`).
 */

/** Uniswap's Permit2, at the same address on every chain it is deployed to (checksummed). */
export const permit2Address: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

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
export const [permit2Approval, permit2Permit] = permit2Abi

/**
 * Every event that grants or changes a standing approval; the owner is the first indexed argument
 * of each, so one `eth_getLogs` topic filter finds an owner's approvals of every kind. Each is its
 * event's selector (`approvalAbis.test.ts`), written out rather than hashed at every start of the
 * worker (issue 36, cold start).
 */
export const approvalEventTopics = {
  erc20: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  operator: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  permit2Approval: '0xda9fa7c1b00402c17d0161b249b1ab8bbec047c5a52207b9c112deffd817036b',
  permit2Permit: '0xc6a377bfc4eb120024a8ac08eef205be16b817020812c73223e81d1bdb9708ec',
} as const satisfies Record<string, Hex>
