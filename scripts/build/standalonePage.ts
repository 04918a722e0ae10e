import { resolve } from 'node:path'
import { build, type Plugin, type PluginOption, type ResolvedConfig, type Rollup } from 'vite'

export type StandalonePageOptions = {
  /** The page, an HTML file as a path from the project's root (`src/popup/window.html`). */
  page: string
  /** The plugins its build needs (made anew for it: a plugin instance belongs to one build). */
  plugins(): PluginOption[]
}

/**
 * A Vite plugin that builds one extension page on its own, as one module file (plus its
 * stylesheet), and puts its files into the extension's build. In the one build of all the
 * extension's entries, the bundler splits the modules the page shares with the worker and the
 * toolbar popup into chunks that the page then loads one after another; the wallet's windows
 * (approval, confirmation) open at each request, so they load their own copy instead (issue 36).
 * The page's own lazy imports are joined in too. The build's `define`, target and minifier are
 * the extension's; `e2e/windowBundle.spec.ts` checks the result.
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
      const result = await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        define: config.define,
        plugins: options.plugins(),
        build: {
          write: false,
          emptyOutDir: false,
          target: config.build.target,
          minify: config.build.minify,
          sourcemap: config.build.sourcemap,
          rolldownOptions: {
            input: resolve(config.root, options.page),
            output: { codeSplitting: false },
          },
        },
      })
      for (const output of outputsOf(result)) {
        this.emitFile({
          type: 'asset',
          fileName: output.fileName,
          source: output.type === 'chunk' ? output.code : output.source,
        })
      }
    },
  }
}

/** The files a build without `write` made. */
function outputsOf(result: Awaited<ReturnType<typeof build>>): Rollup.OutputBundle[string][] {
  if ('on' in result) throw new Error('standalonePage: a watching build has no output to take')
  return (Array.isArray(result) ? result : [result]).flatMap((one) => one.output)
}
