/** eth-phishing-detect 1.2.0 ships JavaScript only: the parts `siteReputation.ts` uses. */
declare module 'eth-phishing-detect/src/detector.js' {
  /** Its "legacy" configuration: the format of the bundled `config.json`. */
  export type PhishingListConfig = {
    version: number
    tolerance: number
    fuzzylist: string[]
    whitelist: string[]
    blacklist: string[]
  }
  export type PhishingCheck =
    | { result: false; type: 'whitelist' | 'all'; match?: undefined }
    | { result: true; type: 'blacklist'; match?: undefined }
    | { result: true; type: 'fuzzy'; match: string }
  export default class PhishingDetector {
    constructor(config: PhishingListConfig)
    check(domain: string): PhishingCheck
  }
}

/** Where the build puts the list: a file of the extension (Vite's `?url`). */
declare module 'eth-phishing-detect/src/config.json?url' {
  const url: string
  export default url
}

declare module 'eth-phishing-detect/src/config.json' {
  const config: import('eth-phishing-detect/src/detector.js').PhishingListConfig
  export default config
}
