import type { Page } from '@playwright/test'

type ExecutionContext = {
  id: number
  origin: string
  name: string
  auxData?: { type?: string; frameId?: string; isDefault?: boolean }
}

/**
 * Runs `expression` in the extension's content-script world of `page`'s top frame (its isolated
 * world, where `chrome.runtime` and, when allowed, `chrome.storage` are reachable) through the
 * DevTools protocol, as code injected there would: what any web page's renderer can run once it
 * is compromised, or what the content script itself could be made to do. Returns its value.
 */
export async function evaluateInContentScript<T>(
  page: Page,
  extensionId: string,
  expression: string,
): Promise<T> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const contexts: ExecutionContext[] = []
    cdp.on('Runtime.executionContextCreated', (event: { context: ExecutionContext }) => {
      contexts.push(event.context)
    })
    // Enabling reports every context that exists already.
    await cdp.send('Runtime.enable')
    const { frameTree } = (await cdp.send('Page.getFrameTree')) as {
      frameTree: { frame: { id: string } }
    }
    const world = contexts.find(
      (context) =>
        context.auxData?.type === 'isolated' &&
        context.auxData.frameId === frameTree.frame.id &&
        context.origin === `chrome-extension://${extensionId}`,
    )
    if (!world) throw new Error(`no content-script world of ${extensionId} in ${page.url()}`)
    const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', {
      expression,
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
    })) as { result: { value?: T }; exceptionDetails?: { text: string } }
    if (exceptionDetails) throw new Error(`in the content-script world: ${exceptionDetails.text}`)
    return result.value as T
  } finally {
    await cdp.detach()
  }
}
