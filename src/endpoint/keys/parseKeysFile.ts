import { isObject } from '@metamask/utils'
/** What a keys file (`--keys keys.json`, DESIGN §5) may set for one API key; every field optional. */
export type KeyPolicy = {
  /** Token bucket: this many requests per second on average, bursts of up to one second's worth. */
  requestsPerSecond?: number
  /** Requests per UTC day. */
  requestsPerDay?: number
  /** Live filters of the key (overrides the endpoint's default cap). */
  maxFilters?: number
  /** Live subscriptions of one WebSocket of the key (overrides the endpoint's default cap). */
  maxSubscriptionsPerSocket?: number
  /** Browser origins (`https://app.example`) allowed to use the key; a request without one is refused. */
  allowedOrigins?: string[]
  /** The only methods the key may call. */
  allowedMethods?: string[]
  /** The only contracts `eth_call`, `eth_getLogs`, filters and `logs` subscriptions may name (lower case). */
  allowedAddresses?: string[]
}

export type ParseKeysFileResult = { keys: Map<string, KeyPolicy> } | { problems: string[] }

/** A keys file stops being read after this many problems. */
const maxProblems = 5

/** Echoes of the file's content in problems are cut short. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

const numberFields = ['requestsPerSecond'] as const
const countFields = ['requestsPerDay', 'maxFilters', 'maxSubscriptionsPerSocket'] as const
const listFields = ['allowedOrigins', 'allowedMethods', 'allowedAddresses'] as const

/** An origin as browsers send it: scheme, host and port only. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value)
    return url.origin !== 'null' && url.origin === value.replace(/\/$/, '') ? url.origin : undefined
  } catch {
    // Not a URL at all: the caller reports it.
    return undefined
  }
}

const listItem: Record<(typeof listFields)[number], (item: string) => string | undefined> = {
  allowedOrigins: originOf,
  allowedMethods: (item) => (/^[A-Za-z0-9_]{1,100}$/.test(item) ? item : undefined),
  allowedAddresses: (item) => (/^0x[0-9a-fA-F]{40}$/.test(item) ? item.toLowerCase() : undefined),
}

const listItemRule: Record<(typeof listFields)[number], string> = {
  allowedOrigins: 'an origin such as "https://app.example"',
  allowedMethods: 'a method name',
  allowedAddresses: 'a 20-byte hex address',
}

/**
 * Reads a keys file's JSON (DESIGN §5):
 * `{ "keys": { "<KEY>": { "requestsPerSecond": 10, "requestsPerDay": 100000, "maxFilters": 10000,
 * "maxSubscriptionsPerSocket": 1000, "allowedOrigins": [...], "allowedMethods": [...],
 * "allowedAddresses": [...] } } }`. Never throws: either every key's policy (addresses lower-cased,
 * origins normalized), or the first few problems, each naming its path.
 */
export function parseKeysFile(value: unknown): ParseKeysFileResult {
  const problems: string[] = []
  const problem = (message: string) => {
    if (problems.length < maxProblems) problems.push(message)
  }
  if (!isObject(value)) return { problems: ['the keys file must be a JSON object'] }
  for (const field of Object.keys(value))
    if (field !== 'keys') problem(`unknown field ${shown(field)}`)
  const entries = value.keys === undefined ? {} : value.keys
  if (!isObject(entries)) return { problems: ['"keys" must be an object of key → settings'] }

  const keys = new Map<string, KeyPolicy>()
  for (const [key, settings] of Object.entries(entries)) {
    if (problems.length >= maxProblems) break
    const at = `keys.${shown(key)}`
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(key)) {
      problem(`${at}: an API key may only hold letters, digits, _ and -`)
      continue
    }
    if (!isObject(settings)) {
      problem(`${at}: must be an object (use {} for the defaults)`)
      continue
    }
    const policy: KeyPolicy = {}
    for (const [field, setting] of Object.entries(settings)) {
      const path = `${at}.${shown(field)}`
      if ((numberFields as readonly string[]).includes(field)) {
        if (typeof setting === 'number' && Number.isFinite(setting) && setting > 0) {
          policy.requestsPerSecond = setting
        } else problem(`${path}: must be a number above 0`)
      } else if ((countFields as readonly string[]).includes(field)) {
        if (typeof setting === 'number' && Number.isSafeInteger(setting) && setting > 0) {
          policy[field as (typeof countFields)[number]] = setting
        } else problem(`${path}: must be a whole number above 0`)
      } else if ((listFields as readonly string[]).includes(field)) {
        const list = field as (typeof listFields)[number]
        if (!Array.isArray(setting)) {
          problem(`${path}: must be an array`)
          continue
        }
        const items: string[] = []
        for (const [index, item] of setting.entries()) {
          const normalized = typeof item === 'string' ? listItem[list](item) : undefined
          if (normalized === undefined) {
            problem(`${path}[${index}]: ${shown(item)} is not ${listItemRule[list]}`)
            break
          }
          items.push(normalized)
        }
        policy[list] = [...new Set(items)]
      } else problem(`${path}: unknown setting`)
    }
    keys.set(key, policy)
  }
  return problems.length > 0 ? { problems } : { keys }
}
