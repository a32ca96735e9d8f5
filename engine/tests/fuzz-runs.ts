/**
 * A property's number of runs: `runs` in `npm test`, times MOCKYARD_FUZZ_SCALE (a whole number,
 * default 1) for a deeper search, e.g. `MOCKYARD_FUZZ_SCALE=5 npm test -- dist/engine/tests/config-fuzz.test.js`.
 * Every property test with a run count (fast-check's numRuns) takes it from here.
 */
export function fuzzRuns(runs: number): number {
  const scale = Number(process.env.MOCKYARD_FUZZ_SCALE);
  return Number.isInteger(scale) && scale > 0 ? runs * scale : runs;
}
