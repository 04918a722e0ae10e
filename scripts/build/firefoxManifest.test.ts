import { describe, expect, it } from 'vitest'
import manifest from '../../manifest.json' with { type: 'json' }
import { firefoxManifest, geckoId } from './firefoxManifest.ts'

describe('firefoxManifest', () => {
  it('runs the service worker as an event page module script', () => {
    expect(firefoxManifest(manifest).background).toEqual({
      scripts: ['src/background/index.ts'],
      type: 'module',
    })
  })

  it('names the add-on, the ESR it is tested on, and that it collects no data', () => {
    expect(firefoxManifest(manifest).browser_specific_settings).toEqual({
      gecko: {
        id: 'aperture-canary@aperture.dev',
        strict_min_version: '153.0',
        data_collection_permissions: { required: ['none'] },
      },
    })
    expect(geckoId).toBe('aperture-canary@aperture.dev')
  })

  it('drops the keys only Chromium reads', () => {
    expect(manifest).toHaveProperty('externally_connectable')
    expect(manifest).toHaveProperty('message_serialization')
    const firefox = firefoxManifest(manifest)
    expect(firefox).not.toHaveProperty('externally_connectable')
    expect(firefox).not.toHaveProperty('message_serialization')
  })

  it('drops the permissions only Chromium knows (offscreen)', () => {
    expect(manifest.permissions).toContain('offscreen')
    expect(firefoxManifest(manifest).permissions).toEqual(
      manifest.permissions.filter((name) => name !== 'offscreen'),
    )
  })

  it('keeps everything else as the one manifest says, the content security policy included', () => {
    const { background, externally_connectable, message_serialization, permissions, ...shared } =
      manifest
    const {
      background: _,
      browser_specific_settings,
      permissions: __,
      ...firefox
    } = firefoxManifest(manifest)
    expect(firefox).toEqual(shared)
    expect(firefox.content_security_policy).toEqual({ extension_pages: "script-src 'self'" })
  })

  it('leaves the background a classic script when the manifest does not say module', () => {
    expect(firefoxManifest({ background: { service_worker: 'worker.js' } }).background).toEqual({
      scripts: ['worker.js'],
    })
  })

  it('does not change the manifest it was given', () => {
    const before = structuredClone(manifest)
    firefoxManifest(manifest)
    expect(manifest).toEqual(before)
  })
})
