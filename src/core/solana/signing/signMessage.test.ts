import { describe, expect, it } from 'vitest'
import { requestIdentityOf } from '../../protocol/requestIdentity.ts'
import {
  dapp,
  key,
  localSolana,
  signs,
  solanaSigningWorker,
  solanaSigningWorld,
  utf8,
} from '../testing/signingWorld.ts'
import { type SignMessageParameters, signMessage } from './signMessage.ts'

/** Page request 11 of connection `tab-1`, a `signMessage`, as the namespace hands it over. */
const signMessageRequest = (message: string, asked = message): SignMessageParameters => ({
  origin: dapp,
  chainId: localSolana,
  ...requestIdentityOf('tab-1', 11, 'signMessage', { message: asked }),
  method: 'signMessage',
  params: { address: key.address, message: utf8(message) },
})

describe('signMessage re-sent after a restart', () => {
  it('refuses -32602 another message re-sent under the key of a pending signMessage, and signs the one shown', async () => {
    const shared = solanaSigningWorld()
    signMessage(solanaSigningWorker(shared).ports, signMessageRequest('Sign in to example'))
    await shared.stored()
    const second = solanaSigningWorker(shared)
    await second.shown()
    await expect(
      signMessage(second.ports, signMessageRequest('Transfer everything')),
    ).rejects.toMatchObject({
      code: -32602,
    })
    const resent = signMessage(second.ports, signMessageRequest('Sign in to example'))
    await second.answer(true)
    expect(signs(await resent, utf8('Sign in to example'))).toBe(true)
  })

  it('signs the message the window showed, never the bytes a re-sent copy carries', async () => {
    const shared = solanaSigningWorld()
    signMessage(solanaSigningWorker(shared).ports, signMessageRequest('Sign in to example'))
    await shared.stored()
    const second = solanaSigningWorker(shared)
    await second.answer(true)
    const answered = await signMessage(
      second.ports,
      signMessageRequest('Transfer everything', 'Sign in to example'),
    )
    expect(signs(answered, utf8('Sign in to example'))).toBe(true)
    expect((answered as { result: { signedMessage: string } }).result.signedMessage).toBe(
      Buffer.from('Sign in to example').toString('base64'),
    )
  })
})
