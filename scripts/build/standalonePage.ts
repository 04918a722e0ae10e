import { resolve } from 'node:path'
import { build, type Plugin, type PluginOption, type ResolvedConfig, type Rollup } from 'vite'

export type StandalonePageOptions = {
  /** The page, an HTML file as a path from the project's root (`src/popup/window.html`). */
  page: string
  /** The plugins its build needs (made anew for it: a plugin instance belongs to one build). */
  plugins(): PluginOption[]
  /**
   * A script the page runs first, while it is parsed, before its module has loaded (a path from the
   * project's root): built apart as a classic script and put ahead of the page's module and
   * stylesheet.
   */
  firstScript?: string
  /**
   * Whether the page's module is render-blocking (`blocking="render"`): the browser paints nothing
   * of the page before the module has run, so a module that renders what it already has at once
   * makes that the page's first frame (the confirmation window's request, not its background).
   */
  renderBlockingModule?: boolean
}

/**
 * A Vite plugin that builds one extension page on its own, as one module file (plus its
 * stylesheet), and puts its files into the extension's build. In the one build of all the
 * extension's entries, the bundler splits the modules the page shares with the worker and the
 * toolbar popup into chunks that the page then loads one after another; the wallet's windows
 * (approval, confirmation) open at each request, so they load their own copy instead (issue 36).
 * The page's own lazy imports are joined in too. Its `firstScript`, if any, is a second file: a
 * small classic script that can start work while the module still loads. The builds' `define`,
 * target and minifier are the extension's; `e2e/windowBundle.spec.ts` checks the result.
 */
export function standalonePage(options: StandalonePageOptions): Plugin {
  let config: ResolvedConfig
  return {
    name: 'aperture:standalone-page',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    async generateBundle() {
      const firstScript =
        options.firstScript && (await buildFirstScript(config, options.firstScript))
      if (firstScript) this.emitFile({ type: 'asset', ...firstScript })
      const pageHtml = (html: string) => {
        const withScript = firstScript ? withFirstScript(html, firstScript.fileName) : html
        return options.renderBlockingModule ? withRenderBlockingModule(withScript) : withScript
      }
      const outputs = await buildApart(config, options.page, {
        plugins: options.plugins(),
        output: { codeSplitting: false },
      })
      for (const output of outputs) {
        const source = output.type === 'chunk' ? output.code : output.source
        this.emitFile({
          type: 'asset',
          fileName: output.fileName,
          source: output.fileName === options.page ? pageHtml(String(source)) : source,
        })
      }
    },
  }
}

/** `entry` built as one classic script (an IIFE) with the extension's `define`, target and minifier. */
async function buildFirstScript(
  config: ResolvedConfig,
  entry: string,
): Promise<{ fileName: string; source: string }> {
  const [chunk, ...others] = await buildApart(config, entry, {
    plugins: [],
    output: { format: 'iife', codeSplitting: false, entryFileNames: 'assets/[name]-[hash].js' },
  })
  if (chunk?.type !== 'chunk' || others.length > 0) {
    throw new Error(`standalonePage: ${entry} did not build as one script`)
  }
  return { fileName: chunk.fileName, source: chunk.code }
}

/**
 * `entry` (a path from the project's root) built on its own, in memory, with the extension's
 * `define`, target, minifier and source maps: the files it made.
 */
async function buildApart(
  config: ResolvedConfig,
  entry: string,
  { plugins, output }: { plugins: PluginOption[]; output: Rollup.OutputOptions },
): Promise<Rollup.OutputBundle[string][]> {
  const result = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    define: config.define,
    plugins,
    build: {
      write: false,
      emptyOutDir: false,
      target: config.build.target,
      minify: config.build.minify,
      sourcemap: config.build.sourcemap,
      rolldownOptions: { input: resolve(config.root, entry), output },
    },
  })
  return outputsOf(result)
}

/**
 * The built page `html` with a classic `<script>` of `fileName` ahead of its first script or
 * stylesheet in the head: it runs as soon as the parser reaches it (a script after a stylesheet
 * would wait for the stylesheet).
 */
export function withFirstScript(html: string, fileName: string): string {
  const first = /<(script|link)\b/.exec(html.slice(0, html.indexOf('</head>')))
  if (!first) throw new Error('standalonePage: the page has no script or stylesheet in its head')
  return `${html.slice(0, first.index)}<script src="/${fileName}"></script>\n    ${html.slice(first.index)}`
}

/** The built page `html` with its module script marked `blocking="render"`. */
export function withRenderBlockingModule(html: string): string {
  const module = /<script type="module"/.exec(html)
  if (!module) throw new Error('standalonePage: the page has no module script')
  const end = module.index + module[0].length
  return `${html.slice(0, end)} blocking="render"${html.slice(end)}`
}

/** The files a build without `write` made. */
function outputsOf(result: Awaited<ReturnType<typeof build>>): Rollup.OutputBundle[string][] {
  if ('on' in result) throw new Error('standalonePage: a watching build has no output to take')
  return (Array.isArray(result) ? result : [result]).flatMap((one) => one.output)
}
