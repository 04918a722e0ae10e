/**
 * The pure parts of a bench that runs several sides in turn in one browser (`bench/windows.ts`,
 * `bench/extension.ts`): the order of each round and the ratios of the rounds' pairs.
 */

/**
 * `sides` in the order of round `index`: rotated by one place each round, so that over
 * `sides.length` rounds each side runs once in each place and none always follows the same one
 * (a load that comes and goes, or the previous side's leftovers, weighs on all alike). With two
 * sides it is the order swapped every round.
 */
export function roundOrder<Side>(sides: readonly Side[], index: number): Side[] {
  const shift = index % sides.length
  return [...sides.slice(shift), ...sides.slice(0, shift)]
}

/** The measured values of `samples`: a round whose stamp did not arrive is NaN, and left out. */
export const measured = (samples: readonly number[]): number[] => samples.filter(Number.isFinite)

/**
 * `over[i] / under[i]` of each round where both were measured: a round missing either is skipped,
 * so the median is that of the rest, not NaN.
 */
export const pairedRatios = (over: readonly number[], under: readonly number[]): number[] =>
  measured(over.map((value, index) => value / (under[index] ?? Number.NaN)))
