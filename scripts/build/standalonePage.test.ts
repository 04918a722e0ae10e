import { describe, expect, it } from 'vitest'
import { withFirstScript, withRenderBlockingModule } from './standalonePage.ts'

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Aperture Canary</title>
    <script type="module" crossorigin src="/assets/window-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/window-B.css">
  </head>
  <body><div id="root"></div></body>
</html>
`

describe('withFirstScript', () => {
  it("puts the first script, a classic one, ahead of the page's module and stylesheet", () => {
    const html = withFirstScript(built, 'assets/windowStart-C.js')

    const first = html.indexOf('<script src="/assets/windowStart-C.js"></script>')
    expect(first).toBeGreaterThan(html.indexOf('</title>'))
    expect(first).toBeLessThan(html.indexOf('<script type="module"'))
    expect(first).toBeLessThan(html.indexOf('<link rel="stylesheet"'))
  })

  it('puts it ahead of a stylesheet that comes first (a script after one waits for it)', () => {
    const html = withFirstScript(
      built.replace(/(<script type="module"[^\n]*\n)(\s*)(<link[^\n]*\n)/, '$3$2$1'),
      'assets/windowStart-C.js',
    )

    expect(html.indexOf('windowStart-C.js')).toBeLessThan(html.indexOf('<link rel="stylesheet"'))
  })

  it('refuses a page with no script or stylesheet in its head', () => {
    expect(() => withFirstScript('<html><head></head><body></body></html>', 'a.js')).toThrow(
      'no script or stylesheet',
    )
  })
})

describe('withRenderBlockingModule', () => {
  it("marks the page's module script render-blocking, and nothing else", () => {
    const html = withRenderBlockingModule(withFirstScript(built, 'assets/windowStart-C.js'))

    expect(html).toContain(
      '<script type="module" blocking="render" crossorigin src="/assets/window-A.js"></script>',
    )
    expect(html.match(/blocking=/g)).toHaveLength(1)
  })

  it('refuses a page without a module script', () => {
    expect(() => withRenderBlockingModule('<html><head></head></html>')).toThrow('no module script')
  })
})
