/**
 * A bench's smoke run (`BENCH_SMOKE=1`): the same code end to end at a tiny size (a few documents, photos, requests,
 * rounds), so `npm test` (tests/bench/smoke.test.ts) proves in seconds that every bench still runs. Its figures judge
 * nothing: only `npm run bench`, at full size, measures.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** The full run's value, or the smoke run's. */
export const sized = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full);
