import { useCallback, useEffect, useRef, useState } from 'react'
import { hasReadToEnd } from './readToEnd.ts'

/**
 * Tracks whether the scrolled box given to `ref` has been read to its end (`hasReadToEnd`), for
 * the request `shownId`: another request shown starts unread again. Once read it stays read; a box
 * whose content grows (a permit's token read in) is measured again. With `applies` false it is
 * always read.
 */
export function useReadToEnd(applies: boolean, shownId: string | undefined) {
  const [readId, setReadId] = useState<string | undefined>(undefined)
  const box = useRef<HTMLElement | null>(null)
  const measure = useCallback(() => {
    if (box.current && hasReadToEnd(box.current)) setReadId(shownId)
  }, [shownId])
  useEffect(() => {
    const element = box.current
    if (!element) return
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    for (const child of Array.from(element.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [measure])
  const ref = useCallback((element: HTMLElement | null) => {
    box.current = element
  }, [])
  return { ref, onScroll: measure, read: !applies || readId === shownId }
}
