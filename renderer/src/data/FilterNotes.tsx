import { AlertTriangle, Info } from 'lucide-react';

interface Props {
  /** What the filter did not use, e.g. "'bogus' is not a field of users…". */
  notes: string[];
  /** Why the filter was refused (a value of the wrong type), or another failure to read rows. */
  error: string | undefined;
}

/**
 * Under the filter box: what the engine made of the filter. A key that is no field would otherwise
 * be ignored without a word, and every row would show as if the filter had matched them all.
 */
export function FilterNotes({ notes, error }: Props) {
  if (!error && notes.length === 0) return null;
  return (
    <div className="filter-notes" data-testid="filter-notes" role="status">
      {error ? (
        <p className="filter-error" role="alert">
          <AlertTriangle size={14} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {notes.map((note) => (
        <p key={note} className="filter-note">
          <Info size={14} aria-hidden="true" />
          <span>{note}</span>
        </p>
      ))}
    </div>
  );
}
