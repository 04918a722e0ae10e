export * from './createMultichainEngine.ts'
export * from './invokeMethod.ts'
export type * from './ports.ts'
export type { SessionEdit } from './updateSession.ts'
