import { CheckCircle2, X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

/** How long a confirmation stays up; errors stay until dismissed (see ErrorBanner). */
export const TOAST_MS = 2500;

interface Toast {
  id: number;
  message: string;
}

export interface Feedback {
  /** A transient confirmation ("Copied", "Saved and applied", "Row created") that disappears on its own. */
  notify(message: string): void;
}

const FeedbackContext = createContext<Feedback>({ notify: () => undefined });

/** Confirmations anywhere in the studio: `useFeedback().notify('Copied')`. */
export const useFeedback = (): Feedback => useContext(FeedbackContext);

/** Shows confirmations as toasts in one corner, newest last, each gone after TOAST_MS. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const notify = useCallback(
    (message: string) => {
      const id = next.current++;
      // The same confirmation twice in a row shows once, with a fresh timer.
      setToasts((all) => [...all.filter((t) => t.message !== message).slice(-2), { id, message }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ notify }), [notify]);
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite" data-testid="toasts">
        {toasts.map((t) => (
          <div key={t.id} className="toast" data-testid="toast">
            <CheckCircle2 size={16} aria-hidden="true" />
            <span>{t.message}</span>
            <button type="button" className="icon" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              <X size={14} aria-hidden="true" />
            </button>
          </div>
        ))}
      </div>
    </FeedbackContext.Provider>
  );
}
