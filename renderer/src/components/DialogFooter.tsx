import type { ReactNode } from 'react';

/** A dialog's last lines: its error, if any, then its actions and Cancel. */
export function DialogFooter({
  error,
  onCancel,
  children,
}: {
  error?: string | undefined;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <>
      {error ? <p className="error">{error}</p> : null}
      <footer>
        {children}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </footer>
    </>
  );
}
