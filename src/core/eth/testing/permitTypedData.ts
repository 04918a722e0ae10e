/** The unlimited allowance: 2^256 − 1, as EIP-2612 typed data writes a uint256. */
const unlimited = `${2n ** 256n - 1n}`

/**
 * An EIP-2612 `Permit` of USD Coin granting `spender` an unlimited allowance over `owner`'s tokens
 * with no deadline, as `eth_signTypedData_v4` carries it: what a hostile page would like signed in
 * place of something harmless (issue 26), for the signer's tests and the e2e attack.
 */
export const permitTypedData = (parameters: {
  owner: string
  spender: string
  chainId: number
  verifyingContract: string
}) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: {
    name: 'USD Coin',
    version: '2',
    chainId: parameters.chainId,
    verifyingContract: parameters.verifyingContract,
  },
  message: {
    owner: parameters.owner,
    spender: parameters.spender,
    value: unlimited,
    nonce: '0',
    deadline: unlimited,
  },
})
