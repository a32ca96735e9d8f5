import { useEffect, useState } from 'react';
import type { ReferenceOptions } from '../../../shared/src/studio-contract';

/** Asks the engine for the records a reference field can name (`tables.referenceOptions`). */
export type LoadOptions = (search: string) => Promise<ReferenceOptions>;

export type Listed =
  | { state: 'loading' }
  | { state: 'ready'; found: ReferenceOptions }
  | { state: 'failed'; error: string };

/**
 * The records a reference input offers while its list is open: every record for the value the input
 * started with (`search` undefined), else those matching what was typed, a moment after the last key.
 */
export function useReferenceOptions(load: LoadOptions, search: string | undefined, open: boolean): Listed {
  const [listed, setListed] = useState<Listed>({ state: 'loading' });
  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = window.setTimeout(
      () =>
        load(search ?? '').then(
          (found) => current && setListed({ state: 'ready', found }),
          (err: Error) => current && setListed({ state: 'failed', error: err.message }),
        ),
      search === undefined ? 0 : 150,
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [load, search, open]);
  return listed;
}
