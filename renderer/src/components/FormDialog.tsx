import type { ReactNode } from 'react';
import { Modal } from './Modal';

/** A modal dialog that is one form: Enter or its submit button submits it, without a page load. */
export function FormDialog({
  label,
  className,
  testId,
  onClose,
  onSubmit,
  children,
}: {
  /** The dialog's accessible name. */
  label: string;
  className: string;
  testId: string;
  onClose(): void;
  onSubmit(): void;
  children: ReactNode;
}) {
  return (
    <Modal label={label} onClose={onClose}>
      <form
        className={className}
        data-testid={testId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
