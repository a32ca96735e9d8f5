import { useRef } from 'react';

/**
 * A ref that always holds the latest render's value. A commit that awaits the engine reads it after
 * the answer: when the user typed on meanwhile, the new text is theirs and must not be replaced.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
