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

/** The Ethereum mainnet Permit2 contract: the verifying contract of every Permit2 signature. */
export const permit2Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

const domainOf = (name: string, chainId: number, verifyingContract: string, version?: string) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      ...(version === undefined ? [] : [{ name: 'version', type: 'string' }]),
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
  },
  domain: { name, ...(version === undefined ? {} : { version }), chainId, verifyingContract },
})

/** DAI's permit (`holder`, `spender`, `nonce`, `expiry`, `allowed`): all of the holder's DAI, or none. */
export const daiPermitTypedData = (parameters: {
  holder: string
  spender: string
  chainId: number
  verifyingContract: string
  allowed: boolean
  expiry: number
}) => {
  const { types, domain } = domainOf(
    'Dai Stablecoin',
    parameters.chainId,
    parameters.verifyingContract,
    '1',
  )
  return {
    types: {
      ...types,
      Permit: [
        { name: 'holder', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'expiry', type: 'uint256' },
        { name: 'allowed', type: 'bool' },
      ],
    },
    primaryType: 'Permit',
    domain,
    message: {
      holder: parameters.holder,
      spender: parameters.spender,
      nonce: 0,
      expiry: parameters.expiry,
      allowed: parameters.allowed,
    },
  }
}

const permitDetails = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]
const tokenPermissions = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
]

/**
 * Permit2 typed data, as Uniswap's SDK builds it: `PermitSingle` / `PermitBatch` (an allowance per
 * token, with its expiration) or `PermitTransferFrom` (one transfer of `amount`), for `spender`.
 */
export const permit2TypedData = (parameters: {
  primaryType: 'PermitSingle' | 'PermitBatch' | 'PermitTransferFrom'
  tokens: Array<{ token: string; amount: string; expiration?: number }>
  spender: string
  chainId: number
  deadline: number
}) => {
  const { types, domain } = domainOf('Permit2', parameters.chainId, permit2Address)
  const details = parameters.tokens.map(({ token, amount, expiration = 0 }) => ({
    token,
    amount,
    expiration,
    nonce: 0,
  }))
  const { primaryType, spender, deadline } = parameters
  if (primaryType === 'PermitTransferFrom') {
    const [first] = parameters.tokens
    return {
      types: {
        ...types,
        PermitTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
        TokenPermissions: tokenPermissions,
      },
      primaryType,
      domain,
      message: {
        permitted: { token: first?.token, amount: first?.amount },
        spender,
        nonce: 0,
        deadline,
      },
    }
  }
  return {
    types: {
      ...types,
      [primaryType]: [
        {
          name: 'details',
          type: primaryType === 'PermitSingle' ? 'PermitDetails' : 'PermitDetails[]',
        },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: permitDetails,
    },
    primaryType,
    domain,
    message: {
      details: primaryType === 'PermitSingle' ? details[0] : details,
      spender,
      sigDeadline: deadline,
    },
  }
}
