import { type ReactNode, useEffect, useRef } from 'react';

interface Props {
  /** The dialog's accessible name. */
  label: string;
  onClose(): void;
  children: ReactNode;
  /** alertdialog for a question about a loss (Reset to seed). */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
  className?: string;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Every dialog of the studio (the WAI-ARIA dialog pattern on a native modal <dialog>): opened in
 * the top layer with the rest of the page inert; focus moves to the first field (or the element
 * marked data-autofocus), Tab and Shift+Tab wrap inside, Escape closes, and focus goes back to the
 * element that had it when the dialog opened (its opener).
 */
export function Modal({ label, onClose, children, role = 'dialog', testId, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const cancel = (e: Event) => {
      // Escape: the owner decides (it unmounts the dialog); the browser must not close it behind React's back.
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      // The opener if it is still there (a menu's choice gives the focus to the menu's button first).
      if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    };
  }, []);
  const trap = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const all = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={ref}
      className={className ? `modal ${className}` : 'modal'}
      aria-label={label}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      data-testid={testId}
      onKeyDown={trap}
    >
      {children}
    </dialog>
  );
}
