import { readdir, readFile } from 'node:fs/promises'

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100

/** CPU time (user + system) `pid` has used so far, in ms; 0 once it is gone. */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  if (stat === undefined) return 0
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}

/** CPU time used so far by `pids` together, in ms (Linux `/proc`). */
export async function cpuMs(pids: number[]): Promise<number> {
  const each = await Promise.all(pids.map(cpuMsOf))
  return each.reduce((total, ms) => total + ms, 0)
}

/** Process ids whose command line holds every one of `words` (e.g. a redis-server and its port). */
export async function pidsRunning(words: string[]): Promise<number[]> {
  const found: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
    if (words.every((word) => command.includes(word))) found.push(Number(entry))
  }
  return found
}
