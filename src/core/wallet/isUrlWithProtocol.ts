/** Whether `value` parses as an absolute URL with one of `protocols` (`['http:', 'https:']`). */
export function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return protocols.includes(url.protocol) && url.hostname !== ''
}

export const httpProtocols = ['http:', 'https:'] as const
export const webSocketProtocols = ['ws:', 'wss:'] as const
