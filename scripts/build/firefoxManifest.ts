/**
 * Firefox's manifest, made from the one `manifest.json` (DESIGN §10): nothing about Firefox is
 * kept by hand in a second copy, so a permission or content script added for Chromium is in the
 * Firefox build too. docs/extension.md "Firefox" says why each difference is there.
 */

/** The add-on's id in Firefox (`browser_specific_settings.gecko.id`), fixed so its storage and its
 * `moz-extension://` address stay the same from one install to the next. */
export const geckoId = 'aperture-canary@aperture.dev'

/** The Firefox ESR the Firefox build is tested on (`e2e-firefox/`): the oldest it claims to run in. */
export const firefoxMinimumVersion = '153.0'

/** The part of an MV3 manifest the transform reads; everything else is passed on as it is. */
export type ChromiumManifest = {
  background: { service_worker: string; type?: string }
  [key: string]: unknown
}

/** What the transform adds to the manifest: the event page and the gecko settings. */
export type FirefoxSettings = {
  background: { scripts: string[]; type?: string }
  browser_specific_settings: {
    gecko: {
      id: string
      strict_min_version: string
      data_collection_permissions: { required: ['none'] }
    }
  }
}

/** Firefox's manifest: Chromium's without its Chromium-only keys, with Firefox's settings. */
export type FirefoxManifest<Manifest extends ChromiumManifest> = Omit<
  Manifest,
  'background' | 'externally_connectable' | 'message_serialization'
> &
  FirefoxSettings

/**
 * Keys only Chromium reads: Firefox has no page-to-extension transport (`externally_connectable`;
 * dapps reach the wallet through the page APIs) and always sends messages by structured clone.
 */
const chromiumOnlyKeys: string[] = ['externally_connectable', 'message_serialization']

/**
 * Permissions only Chromium knows: `offscreen` (Firefox's event page has a document of its own and
 * clears the clipboard there, src/background/secretClipboard.ts; `web-ext lint` warns of an unknown
 * permission).
 */
const chromiumOnlyPermissions: string[] = ['offscreen']

/**
 * Firefox's manifest from Chromium's: the service worker becomes an event page's one module
 * script (Firefox runs MV3 backgrounds as event pages and ignores `service_worker`), the gecko
 * settings are added (the id, the ESR tested, and that no data is collected — the wallet sends
 * nothing to its makers, only what the user asks to the nodes the user chose), and the
 * Chromium-only keys are dropped.
 *
 * @example
 * firefoxManifest({ manifest_version: 3, background: { service_worker: 'bg.ts', type: 'module' } })
 * // { manifest_version: 3, background: { scripts: ['bg.ts'], type: 'module' },
 * //   browser_specific_settings: { gecko: { id: 'aperture-canary@aperture.dev', … } } }
 */
export function firefoxManifest<Manifest extends ChromiumManifest>(
  manifest: Manifest,
): FirefoxManifest<Manifest> {
  const { background, ...rest } = manifest
  const kept = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !chromiumOnlyKeys.includes(key)),
  ) as Omit<Manifest, 'background' | 'externally_connectable' | 'message_serialization'>
  const permissions = kept.permissions
  return {
    ...kept,
    ...(Array.isArray(permissions)
      ? { permissions: permissions.filter((name) => !chromiumOnlyPermissions.includes(name)) }
      : {}),
    background: {
      scripts: [background.service_worker],
      ...(background.type === undefined ? {} : { type: background.type }),
    },
    browser_specific_settings: {
      gecko: {
        id: geckoId,
        strict_min_version: firefoxMinimumVersion,
        data_collection_permissions: { required: ['none'] },
      },
    },
  }
}
