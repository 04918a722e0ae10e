import { expect, type Frame, type Page } from '@playwright/test'
import type { ServedDapp } from './serveDapp.ts'

/**
 * Frames `served`'s page in `page` (an iframe of another origin) once it has the provider: one page
 * then speaks for many origins, as a page of many framed subdomains would.
 */
export async function frameOf(page: Page, served: ServedDapp): Promise<Frame> {
  await page.evaluate((url) => {
    const frame = document.createElement('iframe')
    frame.src = url
    document.body.append(frame)
  }, served.url)
  await expect
    .poll(() => page.frames().some((frame) => frame.url() === served.url), {
      message: `the frame of ${served.origin} loads`,
    })
    .toBe(true)
  const frame = page.frames().find((candidate) => candidate.url() === served.url)
  if (!frame) throw new Error(`the frame of ${served.origin} vanished`)
  await expect.poll(() => frame.evaluate(() => window.aperture !== undefined)).toBe(true)
  return frame
}
