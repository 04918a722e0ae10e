export * from './errors.ts'
export * from './parseRequest.ts'
export * from './response.ts'
export type * from './types.ts'
