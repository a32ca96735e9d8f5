import { useCallback, useState } from 'react';

/**
 * Errors kept per scope (a table name, a view), so that switching away and back shows each view's
 * own error and never another's: `const [error, setError] = useScopedError(table)`.
 */
export function useScopedError(scope: string | undefined): [string | undefined, (message: string | undefined) => void] {
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const key = scope ?? '';
  const set = useCallback(
    (message: string | undefined) =>
      setErrors((all) => {
        const next = new Map(all);
        if (message === undefined) next.delete(key);
        else next.set(key, message);
        return next;
      }),
    [key],
  );
  return [errors.get(key), set];
}
