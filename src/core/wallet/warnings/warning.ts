/**
 * How hard a warning stops the user (DESIGN §11): `info` is shown, `warn` also makes Reject the
 * highlighted choice, `block` keeps Approve disabled until the user steps past it
 * (`warning-continue`), and the worker refuses an approval that did not.
 */
export type WarningLevel = 'info' | 'warn' | 'block'

/**
 * One verdict of the worker on a confirmation, rendered by the window in order as
 * `warning-<kind>` with its `message`, never recomputed there (DESIGN §11).
 */
export type Warning = { kind: string; level: WarningLevel; message: string }

/** The `block` warnings among `warnings` that the user has not stepped past (`acknowledged` kinds). */
export const unacknowledgedBlocks = (
  warnings: readonly Warning[],
  acknowledged: readonly string[] = [],
): Warning[] =>
  warnings.filter(({ kind, level }) => level === 'block' && !acknowledged.includes(kind))
