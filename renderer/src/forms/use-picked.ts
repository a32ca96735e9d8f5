import { useEffect, useState } from 'react';
import type { EditOutcome } from './edit-queue';

/**
 * A value written as soon as it is picked (a dropdown, a checkbox): shown at once, before the write
 * lands, and put back with the engine's reason if the write is refused. Follows `value` when it
 * changes under the form.
 */
export function usePicked<T>(value: T, onCommit: (next: T) => Promise<EditOutcome>) {
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  const pick = async (next: T) => {
    setShown(next);
    const outcome = await onCommit(next);
    setRefused(outcome.ok ? undefined : outcome.message);
    if (!outcome.ok) setShown(value);
  };
  return { shown, refused, pick };
}
