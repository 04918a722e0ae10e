// Declaration files of some dependencies (`@ethereumjs/tx`, via `@metamask/utils`) reference Node's
// types. In `src/core` that reference resolves here, to nothing, so Node's globals never reach core
// (see ../../platform.d.ts and ../../tsconfig.json).
export {}
