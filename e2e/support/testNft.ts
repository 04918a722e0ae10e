import { encodeAbiParameters, encodeFunctionData, erc721Abi } from 'viem'
import { anvilRpc, sendAndWait } from './anvil.ts'

/**
 * A minimal ERC-721 collection ("Test NFT", TNFT) for the approval manager's spec, compiled with
 * solc 0.8.37 (optimizer 200 runs, evmVersion cancun) from this source:
 *
 * ```solidity
 * contract TestNft {
 *     string public constant name = "Test NFT";
 *     string public constant symbol = "TNFT";
 *     mapping(uint256 => address) public ownerOf;
 *     mapping(address => uint256) public balanceOf;
 *     mapping(address => mapping(address => bool)) public isApprovedForAll;
 *     event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
 *     event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
 *     constructor(uint256 count) {
 *         for (uint256 id = 1; id <= count; id++) {
 *             ownerOf[id] = msg.sender;
 *             emit Transfer(address(0), msg.sender, id);
 *         }
 *         balanceOf[msg.sender] = count;
 *     }
 *     function setApprovalForAll(address operator, bool approved) external {
 *         isApprovedForAll[msg.sender][operator] = approved;
 *         emit ApprovalForAll(msg.sender, operator, approved);
 *     }
 *     function supportsInterface(bytes4 id) external pure returns (bool) {
 *         return id == 0x80ac58cd || id == 0x01ffc9a7;
 *     }
 * }
 * ```
 */
export const testNftBytecode: `0x${string}` =
  '0x6080604052348015600e575f5ffd5b50604051610483380380610483833981016040819052602b9160a2565b60015b818111608e575f8181526020819052604080822080546001600160a01b0319163390811790915590518392907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef908290a48060878160b8565b915050602e565b50335f9081526001602052604090205560db565b5f6020828403121560b1575f5ffd5b5051919050565b5f6001820160d457634e487b7160e01b5f52601160045260245ffd5b5060010190565b61039b806100e85f395ff3fe608060405234801561000f575f5ffd5b506004361061007a575f3560e01c806370a082311161005857806370a082311461011a57806395d89b4114610147578063a22cb4651461016a578063e985e9c51461017f575f5ffd5b806301ffc9a71461007e57806306fdde03146100a65780636352211e146100da575b5f5ffd5b61009161008c36600461024d565b6101ac565b60405190151581526020015b60405180910390f35b6100cd6040518060400160405280600881526020016715195cdd0813919560c21b81525081565b60405161009d919061027b565b6101026100e83660046102b0565b5f602081905290815260409020546001600160a01b031681565b6040516001600160a01b03909116815260200161009d565b6101396101283660046102e2565b60016020525f908152604090205481565b60405190815260200161009d565b6100cd604051806040016040528060048152602001631513919560e21b81525081565b61017d6101783660046102fb565b6101e2565b005b61009161018d366004610334565b600260209081525f928352604080842090915290825290205460ff1681565b5f6380ac58cd60e01b6001600160e01b0319831614806101dc57506301ffc9a760e01b6001600160e01b03198316145b92915050565b335f8181526002602090815260408083206001600160a01b03871680855290835292819020805460ff191686151590811790915590519081529192917f17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31910160405180910390a35050565b5f6020828403121561025d575f5ffd5b81356001600160e01b031981168114610274575f5ffd5b9392505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b5f602082840312156102c0575f5ffd5b5035919050565b80356001600160a01b03811681146102dd575f5ffd5b919050565b5f602082840312156102f2575f5ffd5b610274826102c7565b5f5f6040838503121561030c575f5ffd5b610315836102c7565b915060208301358015158114610329575f5ffd5b809150509250929050565b5f5f60408385031215610345575f5ffd5b61034e836102c7565b915061035c602084016102c7565b9050925092905056fea26469706673582212207e8841f01c716c49d3b8a83a8e9fb86ea27a81ac5fe9d4fde734fdf963ffa59964736f6c63430008250033'

/** Deploys a TestNft with `count` items owned by anvil's first account; returns its address. */
export async function deployTestNft(rpcUrl: string, count: bigint): Promise<`0x${string}`> {
  const data = `${testNftBytecode}${encodeAbiParameters([{ type: 'uint256' }], [count]).slice(2)}`
  const receipt = await sendAndWait(rpcUrl, { data, gas: '0x2dc6c0' })
  if (!receipt.contractAddress) throw new Error('collection deployment has no contract address')
  return receipt.contractAddress as `0x${string}`
}

/** Whether `operator` may move every item of `owner` in `collection`, read from anvil. */
export async function isApprovedForAll(
  rpcUrl: string,
  collection: string,
  owner: string,
  operator: string,
): Promise<boolean> {
  const data = encodeFunctionData({
    abi: erc721Abi,
    functionName: 'isApprovedForAll',
    args: [owner as `0x${string}`, operator as `0x${string}`],
  })
  return (
    BigInt(await anvilRpc<string>(rpcUrl, 'eth_call', [{ to: collection, data }, 'latest'])) === 1n
  )
}
