import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { type DocPath, modify } from '../../../shared/src/config-edit/index';
import { useForms } from './form-context';

/** A config value as a box shows it: empty when absent. */
export const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** A dropdown's options with the written value kept first when it is not one of them, so the control shows what is written. */
export const withCurrent = (options: readonly string[], current: string): readonly string[] =>
  options.includes(current) ? options : [current, ...options];

/** The paths in one entry of `endpoints:` and the write of one of its keys (`set(['response', 'schema'], 'User')`). */
export function useEntryEdit(entry: WrittenEndpoint) {
  const { submit } = useForms();
  const at = (...keys: string[]): DocPath => [...entry.path, ...keys];
  const set = (keys: string[], value: unknown) => submit((t) => modify(t, at(...keys), value), at(...keys));
  return { at, set };
}
