import fc from 'fast-check'
import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseTypedDataParams, toViemTypedData } from './parseTypedDataParams.ts'
import { permitTypedData } from './testing/permitTypedData.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The EIP-712 "Mail" example, on the local devnet. */
const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
}

describe('parseTypedDataParams', () => {
  it('takes the document as an object', () => {
    expect(parseTypedDataParams([address.toLowerCase(), mail], 31337n)).toEqual({
      params: { address, typedData: mail },
    })
  })

  it('takes the document as a JSON string', () => {
    expect(parseTypedDataParams([address, JSON.stringify(mail)], 31337n)).toEqual({
      params: { address, typedData: mail },
    })
  })

  it('drops the fields its types do not declare, in the message at every depth and in the domain: they are not signed', () => {
    const permit = permitTypedData({
      owner: address,
      spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      chainId: 31337,
      verifyingContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    })
    const padded = {
      ...permit,
      domain: { ...permit.domain, salt: '0x01' },
      message: { ...permit.message, allowed: false, note: 'Revokes your allowance' },
    }
    const parsed = parseTypedDataParams([address, padded], 31337n)
    expect(parsed).toEqual({ params: { address, typedData: permit } })
    // viem's hash ignores the undeclared fields too: what is shown is exactly what is signed.
    expect(hashTypedData(toViemTypedData(padded as never))).toBe(
      hashTypedData(toViemTypedData(permit as never)),
    )
    const nested = {
      ...mail,
      message: { ...mail.message, to: { ...mail.message.to, role: 'admin' } },
    }
    expect(parseTypedDataParams([address, nested], 31337n)).toEqual({
      params: { address, typedData: mail },
    })
  })

  it("refuses a domain chainId other than the scope's chain", () => {
    expect(parseTypedDataParams([address, mail], 1n)).toEqual({
      problems: [
        { path: 'params[1].domain.chainId', message: "must be the scope's chain 1, not 31337" },
      ],
    })
  })

  it('compares a hex-string domain chainId as a number, and normalizes it', () => {
    const hexChain = { ...mail, domain: { ...mail.domain, chainId: '0x7a69' } }
    expect(parseTypedDataParams([address, hexChain], 31337n)).toEqual({
      params: { address, typedData: mail },
    })
  })

  it('accepts a domain without chainId', () => {
    const { chainId, ...domain } = mail.domain
    const types = {
      ...mail.types,
      EIP712Domain: mail.types.EIP712Domain.filter((f) => f.name !== 'chainId'),
    }
    const parsed = parseTypedDataParams([address, { ...mail, types, domain }], 31337n)
    expect('params' in parsed).toBe(true)
  })

  it('refuses a primaryType that is not one of the types', () => {
    expect(parseTypedDataParams([address, { ...mail, primaryType: 'Letter' }], 31337n)).toEqual({
      problems: [{ path: 'params[1].primaryType', message: 'must name one of the types' }],
    })
  })

  it('refuses a value that does not fit its type', () => {
    const bad = { ...mail, message: { ...mail.message, to: { name: 'Bob', wallet: '0x1234' } } }
    const parsed = parseTypedDataParams([address, bad], 31337n)
    expect(parsed).toMatchObject({ problems: [{ path: 'params[1]' }] })
  })

  it('refuses text that is not JSON', () => {
    expect(parseTypedDataParams([address, '{not json'], 31337n)).toMatchObject({
      problems: [{ path: 'params[1]' }],
    })
  })

  it('never throws, and answers either params or problems', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (first, second) => {
        const parsed = parseTypedDataParams([first, second], 31337n)
        expect('params' in parsed || ('problems' in parsed && parsed.problems.length > 0)).toBe(
          true,
        )
      }),
    )
  })
})
