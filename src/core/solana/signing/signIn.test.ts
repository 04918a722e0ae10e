import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import type { SolanaConfirmationViews } from '../../wallet/confirmationViews.ts'
import {
  dapp,
  key,
  localSolana,
  signs,
  solanaSigningWorker,
  solanaSigningWorld,
  utf8,
} from '../testing/signingWorld.ts'
import { type SignInParameters, signIn } from './signIn.ts'

/** Page request 12 of connection `tab-1`, a `signIn`, as the namespace hands it over. */
const signInRequest = (statement: string, asked = statement): SignInParameters => ({
  origin: dapp,
  chainId: localSolana,
  ...requestIdentityOf('tab-1', 12, 'signIn', { statement: asked }),
  method: 'signIn',
  params: { domain: '127.0.0.1:5173', address: key.address, statement },
})

describe('signIn re-sent after a restart', () => {
  it('refuses -32602 another sign-in re-sent under the key of an approved one', async () => {
    const shared = solanaSigningWorld()
    signIn(solanaSigningWorker(shared).ports, signInRequest('Welcome back'))
    await shared.stored()
    await solanaSigningWorker(shared).answer(true)
    await expect(
      signIn(solanaSigningWorker(shared).ports, signInRequest('Approve the transfer')),
    ).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('signs the sign-in text the window showed, never the fields a re-sent copy carries', async () => {
    const shared = solanaSigningWorld()
    signIn(solanaSigningWorker(shared).ports, signInRequest('Welcome back'))
    await shared.stored()
    const second = solanaSigningWorker(shared)
    const shown = await second.answer(true)
    const { text: signedText } = shown.view as unknown as SolanaConfirmationViews['solana_signIn']
    expect(signedText).toContain('Welcome back')
    const answered = await signIn(
      second.ports,
      signInRequest('Approve the transfer', 'Welcome back'),
    )
    expect(signs(answered, utf8(signedText))).toBe(true)
  })
})
