/**
 * A bench's smoke run (`BENCH_SMOKE=1`): the same code end to end at a tiny size (a few documents, photos, requests,
 * rounds), so `npm test` (tests/bench/smoke.test.ts) proves in seconds that every bench still runs. Its figures judge
 * nothing: only `npm run bench`, at full size, measures.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full run's value, or the smoke run's. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);

const benchStart = Date.now();

/**
 * Says on stderr how far a bench has come, seconds from its start: when a smoke run overruns its limit in `npm test`,
 * the tail of its output (printed with the failure) shows where it stood rather than nothing.
 */
export function stage(name: string): void {
  console.error(`[bench +${((Date.now() - benchStart) / 1000).toFixed(1)} s] ${name}`);
}
