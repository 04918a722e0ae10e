import { describe, expect, it } from 'vitest'
import { exportPrivateKeys } from './exportPrivateKeys.ts'
import { importedAccountKey, parsePrivateKey } from './parsePrivateKey.ts'

const mnemonic = 'test test test test test test test test test test test junk'

describe('exportPrivateKeys', () => {
  it("exports a derived account's EVM key (anvil's) and its Solana keypair, which import back", () => {
    const exported = exportPrivateKeys(
      { mnemonic, accountCount: 2 },
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    )
    expect(exported?.privateKey).toBe(
      '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    )
    expect(parsePrivateKey(exported?.solanaPrivateKey ?? '')).toMatchObject({
      namespace: 'solana',
    })
    expect(
      parsePrivateKey(
        exportPrivateKeys(
          { mnemonic, accountCount: 1 },
          '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        )?.solanaPrivateKey ?? '',
      ).address,
    ).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
  })

  it("exports an imported account's key as it was imported", () => {
    const secret = '2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'
    expect(
      exportPrivateKeys(
        { mnemonic, accountCount: 1, imported: [{ namespace: 'eip155', secret }] },
        '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      ),
    ).toEqual({ privateKey: `0x${secret}` })
  })

  it('exports an imported Solana account, named by its public key, as its base58 keypair', () => {
    const keypair = parsePrivateKey(
      exportPrivateKeys({ mnemonic, accountCount: 1 }, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
        ?.solanaPrivateKey ?? '',
    )
    const imported = { namespace: keypair.namespace, secret: keypair.secret }
    const exported = exportPrivateKeys(
      {
        mnemonic: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
        accountCount: 1,
        imported: [imported],
      },
      importedAccountKey(imported),
    )
    expect(parsePrivateKey(exported?.privateKey ?? '')).toEqual(keypair)
    expect(exported?.solanaPrivateKey).toBeUndefined()
  })

  it('has nothing for an address that is not an account of the wallet', () => {
    expect(
      exportPrivateKeys(
        { mnemonic, accountCount: 1 },
        '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      ),
    ).toBeUndefined()
  })
})
