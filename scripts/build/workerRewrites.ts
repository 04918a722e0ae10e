import type { DependencyRewrite } from './firefoxLintRewrites.ts'

/**
 * Rewrites of dependencies in both builds that keep what the service worker loads at start small
 * (issue 36, cold start), each calling the same code by a narrower path.
 */
export const workerRewrites: DependencyRewrite[] = [
  {
    file: 'node_modules/@metamask/browser-passworder/dist/index.js',
    from: 'require("@metamask/utils")',
    to: 'require("../../utils/dist/misc.cjs")',
    count: 1,
    why: "the vault's library calls only `isPlainObject` and `hasProperty` of `@metamask/utils`, both in its `misc` module; its CommonJS index requires every module (lodash, semver, superstruct, debug: ~150 kB the worker parsed and ran at every start)",
  },
  {
    file: 'node_modules/eth-phishing-detect/src/detector.js',
    from: "const levenshtein = require('fast-levenshtein')",
    to: "const levenshtein = { get: (a, b) => require('fast-levenshtein').get(a, b) }",
    count: 1,
    why: "fast-levenshtein builds an `Intl.Collator` when it loads (ICU's collation data); required at the known-bad list's first fuzzy match instead of when the worker starts (the detector itself is built at the first check, `siteReputation.ts`)",
  },
]
