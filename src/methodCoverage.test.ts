import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { providerMethods } from './core/eip1193/createEthereumProviderEngine.ts'
import { walletNamespaceMethods, walletScopeMethods } from './core/eth/methods.ts'
import { multichainMethods } from './core/multichain/createMultichainEngine.ts'
import { solanaScopeMethods } from './core/solana/solanaNamespace.ts'
import { createSolanaWallet } from './inpage/solana/createSolanaWallet.ts'

// docs/testing.md "Methods a page can call, and the specs that cover them" against the method lists
// the wallet answers: every method a page can call names an e2e test of it (issue 30).

const docs = readFileSync(new URL('../docs/testing.md', import.meta.url), 'utf8')
const specPath = (spec: string): URL => new URL(`../e2e/${spec}`, import.meta.url)

const unreachable = (): Promise<never> => Promise.reject(new Error('not called here'))

/** The features the inpage script's Solana wallet registers with (DESIGN §8). */
const walletStandardFeatures = Object.keys(
  createSolanaWallet({
    channel: {
      connect: unreachable,
      disconnect: unreachable,
      invokeMethod: unreachable,
      onSessionChanged: () => undefined,
    },
    icon: 'data:image/svg+xml;base64,',
    host: 'app.example',
  }).features,
)

/** Each table of the section, by its heading, and the list of methods it must cover. */
const tables: Record<string, readonly string[]> = {
  'The Multichain API': multichainMethods,
  'The EIP-1193 provider': providerMethods,
  'wallet_invokeMethod on an eip155 scope': walletScopeMethods,
  'wallet_invokeMethod on wallet:eip155': walletNamespaceMethods,
  'wallet_invokeMethod on a solana scope': solanaScopeMethods,
  'The Solana Wallet Standard wallet': walletStandardFeatures,
}

type Cover = { spec: string; words: string }

/** The rows of the table under `### <heading>` (backticks ignored): method → the tests named. */
function rowsUnder(heading: string): Map<string, Cover[]> {
  const section = docs.split(/^### /m).find((part) => {
    const [title = ''] = part.split('\n')
    return title.replaceAll('`', '').trim() === heading
  })
  const rows = new Map<string, Cover[]>()
  for (const line of (section ?? '').split('\n')) {
    const row = /^\|\s*`([^`]+)`\s*\|\s*(.+?)\s*\|$/.exec(line)
    if (!row) continue
    const [, method = '', cell = ''] = row
    const covers = [...cell.matchAll(/`([\w.]+\.spec\.ts)` › "([^"]+)"/g)].map(
      ([, spec = '', words = '']) => ({ spec, words }),
    )
    rows.set(method, covers)
  }
  return rows
}

/** The titles of a spec's tests (`test(` or `test_(`, first argument, as written). */
function testTitles(spec: string): string[] {
  const source = readFileSync(specPath(spec), 'utf8')
  return [...source.matchAll(/\btest_?\(\s*(['"`])((?:(?!\1)[\s\S])*)\1/g)].map(
    ([, , title = '']) => title,
  )
}

describe('docs/testing.md names an e2e test for every method a page can call', () => {
  for (const [heading, methods] of Object.entries(tables)) {
    describe(heading, () => {
      const rows = rowsUnder(heading)

      it('has a row for every method, and no row for a method the wallet does not answer', () => {
        expect([...rows.keys()].sort()).toEqual([...methods].sort())
      })

      it('names, in each row, a spec that exists and a test in it with those words in its title', () => {
        for (const [method, covers] of rows) {
          expect(covers.length, method).toBeGreaterThan(0)
          for (const { spec, words } of covers) {
            expect(existsSync(specPath(spec)), `${method}: ${spec}`).toBe(true)
            expect(
              testTitles(spec).some((title) => title.includes(words)),
              `${method}: ${spec} › "${words}"`,
            ).toBe(true)
          }
        }
      })
    })
  }
})
