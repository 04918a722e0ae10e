import { encodeAbiParameters, encodeFunctionData, erc20Abi } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { anvilRpc, sendAndWait } from './anvil.ts'

/**
 * A minimal ERC-20 token ("Test Token", TST, 18 decimals) for the signing specs, compiled with solc
 * 0.8.37 (optimizer 200 runs, evmVersion cancun) from this source:
 *
 * ```solidity
 * contract TestToken {
 *     string public constant name = "Test Token";
 *     string public constant symbol = "TST";
 *     uint8 public constant decimals = 18;
 *     uint256 public totalSupply;
 *     mapping(address => uint256) public balanceOf;
 *     mapping(address => mapping(address => uint256)) public allowance;
 *     event Transfer(address indexed from, address indexed to, uint256 value);
 *     event Approval(address indexed owner, address indexed spender, uint256 value);
 *     constructor(uint256 supply) {
 *         totalSupply = supply;
 *         balanceOf[msg.sender] = supply;
 *         emit Transfer(address(0), msg.sender, supply);
 *     }
 *     function transfer(address to, uint256 value) external returns (bool) { _move(msg.sender, to, value); return true; }
 *     function approve(address spender, uint256 value) external returns (bool) {
 *         allowance[msg.sender][spender] = value;
 *         emit Approval(msg.sender, spender, value);
 *         return true;
 *     }
 *     function transferFrom(address from, address to, uint256 value) external returns (bool) {
 *         uint256 allowed = allowance[from][msg.sender];
 *         require(allowed >= value, "TestToken: insufficient allowance");
 *         if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
 *         _move(from, to, value);
 *         return true;
 *     }
 *     function _move(address from, address to, uint256 value) private {
 *         require(balanceOf[from] >= value, "TestToken: transfer amount exceeds balance");
 *         balanceOf[from] -= value;
 *         balanceOf[to] += value;
 *         emit Transfer(from, to, value);
 *     }
 * }
 * ```
 */
export const testTokenBytecode: `0x${string}` =
  '0x6080604052348015600e575f5ffd5b5060405161063b38038061063b833981016040819052602b916079565b5f81815533808252600160209081526040808420859055518481529192917fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef910160405180910390a350608f565b5f602082840312156088575f5ffd5b5051919050565b61059f8061009c5f395ff3fe608060405234801561000f575f5ffd5b5060043610610090575f3560e01c8063313ce56711610063578063313ce5671461011f57806370a082311461013957806395d89b4114610158578063a9059cbb1461017a578063dd62ed3e1461018d575f5ffd5b806306fdde0314610094578063095ea7b3146100d357806318160ddd146100f657806323b872dd1461010c575b5f5ffd5b6100bd6040518060400160405280600a8152602001692a32b9ba102a37b5b2b760b11b81525081565b6040516100ca919061042c565b60405180910390f35b6100e66100e136600461047c565b6101b7565b60405190151581526020016100ca565b6100fe5f5481565b6040519081526020016100ca565b6100e661011a3660046104a4565b610223565b610127601281565b60405160ff90911681526020016100ca565b6100fe6101473660046104de565b60016020525f908152604090205481565b6100bd604051806040016040528060038152602001621514d560ea1b81525081565b6100e661018836600461047c565b6102f1565b6100fe61019b3660046104fe565b600260209081525f928352604080842090915290825290205481565b335f8181526002602090815260408083206001600160a01b038716808552925280832085905551919290917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925906102119086815260200190565b60405180910390a35060015b92915050565b6001600160a01b0383165f908152600260209081526040808320338452909152812054828110156102a55760405162461bcd60e51b815260206004820152602160248201527f54657374546f6b656e3a20696e73756666696369656e7420616c6c6f77616e636044820152606560f81b60648201526084015b60405180910390fd5b5f1981146102db576102b78382610543565b6001600160a01b0386165f9081526002602090815260408083203384529091529020555b6102e6858585610306565b506001949350505050565b5f6102fd338484610306565b50600192915050565b6001600160a01b0383165f908152600160205260409020548111156103805760405162461bcd60e51b815260206004820152602a60248201527f54657374546f6b656e3a207472616e7366657220616d6f756e7420657863656560448201526964732062616c616e636560b01b606482015260840161029c565b6001600160a01b0383165f90815260016020526040812080548392906103a7908490610543565b90915550506001600160a01b0382165f90815260016020526040812080548392906103d3908490610556565b92505081905550816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8360405161041f91815260200190565b60405180910390a3505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b0381168114610477575f5ffd5b919050565b5f5f6040838503121561048d575f5ffd5b61049683610461565b946020939093013593505050565b5f5f5f606084860312156104b6575f5ffd5b6104bf84610461565b92506104cd60208501610461565b929592945050506040919091013590565b5f602082840312156104ee575f5ffd5b6104f782610461565b9392505050565b5f5f6040838503121561050f575f5ffd5b61051883610461565b915061052660208401610461565b90509250929050565b634e487b7160e01b5f52601160045260245ffd5b8181038181111561021d5761021d61052f565b8082018082111561021d5761021d61052f56fea2646970667358221220b7096cf9b9377e2f2e0bd83ca37822aebe8b2c78e2336411fa1af15d28923ce064736f6c63430008250033'

/** Deploys a TestToken minting `supply` base units to anvil's first account; returns its address. */
export async function deployTestToken(rpcUrl: string, supply: bigint): Promise<`0x${string}`> {
  const data = `${testTokenBytecode}${encodeAbiParameters([{ type: 'uint256' }], [supply]).slice(2)}`
  const receipt = await sendAndWait(rpcUrl, { data, gas: '0x2dc6c0' })
  if (!receipt.contractAddress) throw new Error('token deployment has no contract address')
  return receipt.contractAddress as `0x${string}`
}

/** The token balance of `owner`, read from anvil. */
export async function tokenBalance(rpcUrl: string, token: string, owner: string): Promise<bigint> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as `0x${string}`],
  })
  return BigInt(await anvilRpc<string>(rpcUrl, 'eth_call', [{ to: token, data }, 'latest']))
}

/** What `spender` may still take of `owner`'s tokens, read from anvil. */
export async function tokenAllowance(
  rpcUrl: string,
  token: string,
  owner: string,
  spender: string,
): Promise<bigint> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner as `0x${string}`, spender as `0x${string}`],
  })
  return BigInt(await anvilRpc<string>(rpcUrl, 'eth_call', [{ to: token, data }, 'latest']))
}

/**
 * Makes the deployed `token` revert every `approve` (selector `0x095ea7b3`) and answer every other
 * call as before: its code is copied to a fresh address and its own becomes a hand-assembled
 * forwarder to that copy by `DELEGATECALL`, so its balances and allowances stay where they are.
 * An approval it granted still reads as standing; a revoke of it reverts once mined.
 */
export async function refuseApproves(rpcUrl: string, token: string): Promise<void> {
  const code = await anvilRpc<string>(rpcUrl, 'eth_getCode', [token, 'latest'])
  const copy = privateKeyToAddress(generatePrivateKey())
  await anvilRpc(rpcUrl, 'anvil_setCode', [copy, code])
  const forwarder = [
    '63095ea7b3', // PUSH4 approve's selector
    '600035', // PUSH1 0, CALLDATALOAD
    '60e01c', // PUSH1 224, SHR: the call's selector
    '14604557', // EQ, PUSH1 refuse, JUMPI
    '366000600037', // CALLDATACOPY(0, 0, CALLDATASIZE)
    '6000600036600073', // retSize 0, retOffset 0, CALLDATASIZE, argsOffset 0, PUSH20 …
    copy.slice(2).toLowerCase(), // … the copy
    '5af4', // GAS, DELEGATECALL
    '3d600060003e', // RETURNDATACOPY(0, 0, RETURNDATASIZE)
    '604057', // PUSH1 answer, JUMPI on success
    '3d6000fd', // REVERT(0, RETURNDATASIZE): the copy's own revert
    '5b3d6000f3', // answer (0x40): JUMPDEST, RETURN(0, RETURNDATASIZE)
    '5b60006000fd', // refuse (0x45): JUMPDEST, REVERT(0, 0)
  ].join('')
  await anvilRpc(rpcUrl, 'anvil_setCode', [token, `0x${forwarder}`])
}
