import { useState } from 'react';
import type { EditOutcome } from './edit-queue';

/**
 * The state of a form that adds an entry (a field, a condition, a header, a scenario): its boxes,
 * and the refusal shown under it, dropped as soon as a box changes. `settle` takes the write's
 * outcome: added, the boxes named in `cleared` go back to empty; refused, everything stays as typed.
 */
export function useAddForm<T extends Record<string, string>>(empty: T) {
  const [values, setValues] = useState(empty);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  return {
    values,
    refused,
    put(patch: Partial<T>) {
      setValues((old) => ({ ...old, ...patch }));
      setRefused(undefined);
    },
    refuse: setRefused,
    settle(outcome: EditOutcome, cleared: readonly (keyof T)[]) {
      if (outcome.ok) setValues((old) => ({ ...old, ...Object.fromEntries(cleared.map((k) => [k, empty[k]])) }));
      setRefused(outcome.ok ? undefined : outcome.message);
    },
  };
}
