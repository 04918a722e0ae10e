import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { decodeFunctionData, erc20Abi, erc721Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import type { SigningRequest } from '../../eth/signer.ts'
import { decodeInstruction, token2022ProgramAddress } from '../../solana/decodeInstruction.ts'
import type { SolanaSigningRequest } from '../../solana/solanaNamespace.ts'
import { walletOrigin } from '../walletOrigin.ts'
import { permit2Abi, permit2Address } from './approvalAbis.ts'
import { type RevokeApprovalPorts, revokeApproval } from './revokeApproval.ts'
import { approvalsChain } from './testing/approvalsChain.ts'
import { delegatesChain } from './testing/delegatesChain.ts'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const collection = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const hash = `0x${'ab'.repeat(32)}`

const solanaOwner = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const delegate = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk'
const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const tokenAccount = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
const anotherDelegate = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const localSolana = 'solana:123456789abcdef'
const signature = '5'.repeat(88)

/**
 * The worker's ports over `chain` (EVM) and `solana`, with signers that record what reaches the
 * confirmation.
 */
function portsOver(
  chain: ReturnType<typeof approvalsChain>,
  solana: ReturnType<typeof delegatesChain> = delegatesChain(),
) {
  const signed: SigningRequest[] = []
  const solanaSigned: SolanaSigningRequest[] = []
  const released: string[] = []
  const ports: RevokeApprovalPorts = {
    node: (chainId) => (chainId === localSolana ? solana.call : chain.call),
    signer: {
      async sign(request) {
        signed.push(request)
        return { result: hash }
      },
    },
    solanaSigner: {
      async sign(request) {
        solanaSigned.push(request)
        return { result: { signature } }
      },
    },
    release: async (identity) => {
      released.push(identity.requestKey)
    },
    carry: (_request, work) => work(),
    ownAddresses: async (namespace) => (namespace === 'solana' ? [solanaOwner] : [owner]),
    hasNetwork: async (chainId) => chainId === 'eip155:31337' || chainId === localSolana,
  }
  return { ports, signed, solanaSigned, released }
}

const revoke = (ports: RevokeApprovalPorts, approval: unknown, from = owner) =>
  revokeApproval(ports, {
    requestId: 'revoke-1',
    chainId: 'eip155:31337',
    owner: from,
    approval: approval as never,
  })

describe('revokeApproval', () => {
  it("sends approve(spender, 0) on the token through the confirmation, as Aperture's own request", async () => {
    const chain = approvalsChain()
    chain.allowances.set(`${token}:${spender}`.toLowerCase(), 5n)
    const { ports, signed, released } = portsOver(chain)
    expect(await revoke(ports, { kind: 'erc20', contract: token, spender })).toEqual({ id: hash })
    const [request] = signed
    expect(request?.origin).toBe(walletOrigin)
    expect(request?.method).toBe('eth_sendTransaction')
    const params = request?.params as { from: string; to: string; data: `0x${string}` }
    expect([params.from, params.to]).toEqual([owner, token])
    expect(decodeFunctionData({ abi: erc20Abi, data: params.data })).toEqual({
      functionName: 'approve',
      args: [spender, 0n],
    })
    expect(released).toEqual([request?.requestKey])
  })

  it('sends setApprovalForAll(operator, false) on the collection', async () => {
    const chain = approvalsChain()
    chain.operators.add(`${collection}:${spender}`.toLowerCase())
    const { ports, signed } = portsOver(chain)
    await revoke(ports, { kind: 'operator', contract: collection, spender })
    const params = signed[0]?.params as { to: string; data: `0x${string}` }
    expect(params.to).toBe(collection)
    expect(decodeFunctionData({ abi: erc721Abi, data: params.data })).toEqual({
      functionName: 'setApprovalForAll',
      args: [spender, false],
    })
  })

  it("sends Permit2's approve(token, spender, 0, 0) to Permit2", async () => {
    const chain = approvalsChain()
    chain.permit2.set(`${token}:${spender}`.toLowerCase(), [9n, 2_000_000_000])
    const { ports, signed } = portsOver(chain)
    await revoke(ports, { kind: 'permit2', contract: permit2Address, spender, token })
    const params = signed[0]?.params as { to: string; data: `0x${string}` }
    expect(params.to).toBe(permit2Address)
    expect(decodeFunctionData({ abi: permit2Abi, data: params.data })).toEqual({
      functionName: 'approve',
      args: [token, spender, 0n, 0],
    })
  })

  it('refuses an approval that no longer stands, and sends nothing', async () => {
    const { ports, signed } = portsOver(approvalsChain())
    await expect(revoke(ports, { kind: 'erc20', contract: token, spender })).rejects.toMatchObject({
      code: 'invalid_fields',
      fields: { approval: 'This approval no longer stands.' },
    })
    expect(signed).toEqual([])
  })

  it('refuses a malformed approval, a Permit2 revoke sent elsewhere, and an account not the wallet’s', async () => {
    const chain = approvalsChain()
    chain.permit2.set(`${token}:${spender}`.toLowerCase(), [9n, 2_000_000_000])
    const { ports, signed } = portsOver(chain)
    await expect(revoke(ports, { kind: 'erc20', contract: 'nope', spender })).rejects.toMatchObject(
      { code: 'invalid_fields' },
    )
    await expect(
      revoke(ports, { kind: 'permit2', contract: collection, spender, token }),
    ).rejects.toMatchObject({ code: 'invalid_fields' })
    await expect(
      revoke(ports, { kind: 'erc20', contract: token, spender }, spender),
    ).rejects.toMatchObject({
      code: 'invalid_fields',
      fields: { from: 'Not one of your accounts.' },
    })
    expect(signed).toEqual([])
  })

  it("revokes a Solana token account's delegate with its token program's Revoke, signed by the owner through the confirmation", async () => {
    for (const program of [TOKEN_PROGRAM_ADDRESS, token2022ProgramAddress]) {
      const solana = delegatesChain()
      solana.accounts.set(tokenAccount, {
        program,
        mint,
        owner: solanaOwner,
        amount: 10n,
        decimals: 2,
        delegate,
        delegatedAmount: 4n,
      })
      const { ports, solanaSigned, signed, released } = portsOver(approvalsChain(), solana)
      const approval = { kind: 'delegate', account: tokenAccount, spender: delegate }
      const answer = await revokeApproval(ports, {
        requestId: 'revoke-1',
        chainId: localSolana,
        owner: solanaOwner,
        approval: approval as never,
      })
      expect(answer).toEqual({ id: signature })
      expect(signed).toEqual([])
      const [request] = solanaSigned
      expect(request?.origin).toBe(walletOrigin)
      expect(request?.method).toBe('signAndSendTransaction')
      if (request?.method !== 'signAndSendTransaction') return
      expect(request.transaction.feePayer).toBe(solanaOwner)
      expect(request.transaction.signers).toEqual([solanaOwner])
      expect(request.transaction.instructions.map(decodeInstruction)).toMatchObject([
        {
          programId: program,
          instruction: 'Revoke delegate',
          fields: [
            { label: 'Source', value: tokenAccount },
            { label: 'Owner', value: solanaOwner },
          ],
        },
      ])
      expect(released).toEqual([request.requestKey])
    }
  })

  it('refuses a Solana delegate that is no longer the account’s (gone, or another now), a malformed one, and another owner’s account; nothing is signed', async () => {
    const solana = delegatesChain()
    const state = {
      program: TOKEN_PROGRAM_ADDRESS,
      mint,
      owner: solanaOwner,
      amount: 10n,
      decimals: 0,
      delegate: anotherDelegate,
      delegatedAmount: 4n,
    }
    solana.accounts.set(tokenAccount, state)
    const { ports, solanaSigned } = portsOver(approvalsChain(), solana)
    const revokeDelegate = (approval: unknown) =>
      revokeApproval(ports, {
        requestId: 'revoke-1',
        chainId: localSolana,
        owner: solanaOwner,
        approval: approval as never,
      })
    const stale = { kind: 'delegate', account: tokenAccount, spender: delegate }
    await expect(revokeDelegate(stale)).rejects.toMatchObject({
      code: 'invalid_fields',
      fields: { approval: 'This approval no longer stands.' },
    })
    solana.accounts.set(tokenAccount, { ...state, owner: delegate, delegate })
    await expect(revokeDelegate(stale)).rejects.toMatchObject({ code: 'invalid_fields' })
    await expect(
      revokeDelegate({ kind: 'delegate', account: 'nope', spender: delegate }),
    ).rejects.toMatchObject({ code: 'invalid_fields', fields: { approval: 'Not an approval.' } })
    await expect(revokeDelegate({ kind: 'erc20', contract: token, spender })).rejects.toMatchObject(
      { code: 'invalid_fields', fields: { approval: 'Not an approval.' } },
    )
    expect(solanaSigned).toEqual([])
  })
})
