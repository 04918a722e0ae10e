import { existsSync } from 'node:fs'

const setpriv = '/usr/bin/setpriv'

/**
 * The command line that runs `command` so that the kernel kills it when the process that spawned
 * it dies — even by SIGKILL, when no exit hook of ours can run (Linux `PR_SET_PDEATHSIG`, through
 * util-linux's `setpriv`, which execs the command: same pid). Elsewhere, `command` unchanged.
 */
export function withParentDeathSignal(
  command: string,
  args: readonly string[],
): { command: string; args: string[] } {
  if (process.platform !== 'linux' || !existsSync(setpriv)) return { command, args: [...args] }
  return { command: setpriv, args: ['--pdeathsig', 'KILL', '--', command, ...args] }
}
