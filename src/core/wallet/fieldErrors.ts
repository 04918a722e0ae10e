/**
 * A form the popup sent was refused: one message per field, keyed by the field's name, so the
 * popup can show each next to its input. Crosses the message wire as `PopupError.fields`.
 */
export class FieldErrors extends Error {
  readonly code = 'invalid_fields'
  readonly fields: Record<string, string>

  constructor(fields: Record<string, string>) {
    super(Object.values(fields).join(' '))
    this.name = 'FieldErrors'
    this.fields = fields
  }
}

/** Whether `value` parses as an absolute URL with one of `protocols` (`['http:', 'https:']`). */
export function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return protocols.includes(url.protocol) && url.hostname !== ''
}

export const httpProtocols = ['http:', 'https:'] as const
export const webSocketProtocols = ['ws:', 'wss:'] as const
