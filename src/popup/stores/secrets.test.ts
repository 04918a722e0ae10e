import { beforeEach, describe, expect, it } from 'vitest'
import { Refusal, stubBackground } from '../testing/fakeBackground.ts'
import { useSecrets } from './secrets.ts'

const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

beforeEach(() => useSecrets.setState(useSecrets.getInitialState(), true))

describe('useSecrets: copySecret', () => {
  it('asks the worker to clear the clipboard in 60 s, without the secret, then writes the secret', async () => {
    const background = stubBackground({
      'clipboard:clearLater': () => ({ clearAt: 1_800_000_060_000 }),
    })
    expect(await useSecrets.getState().copySecret(key)).toBe(1_800_000_060_000)
    expect(background.requests).toEqual([{ type: 'clipboard:clearLater', params: undefined }])
    expect(JSON.stringify(background.requests)).not.toContain(key.slice(2))
    expect(background.clipboard).toEqual([key])
  })

  it('writes nothing when no clear could be scheduled', async () => {
    const background = stubBackground({
      'clipboard:clearLater': () => {
        throw new Refusal({ message: 'The wallet did not answer' })
      },
    })
    expect(await useSecrets.getState().copySecret(key)).toBeUndefined()
    expect(background.clipboard).toEqual([])
    expect(useSecrets.getState().error).toBe('The wallet did not answer')
  })
})
