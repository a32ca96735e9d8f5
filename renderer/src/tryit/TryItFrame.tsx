import { X, Zap } from 'lucide-react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';

interface Props {
  /** The panel's accessible name, e.g. "Try it" or "Try it: GraphQL". */
  label: string;
  testId: string;
  /** What is being tried, beside the title (the schema, "GraphQL", "WebSocket"…). */
  meta: ReactNode;
  panelRef: RefObject<HTMLElement | null>;
  onClose(): void;
  /** Keys the panel handles besides Escape, which always closes it. */
  onKey?(e: KeyboardEvent<HTMLElement>): void;
  children: ReactNode;
}

/** The frame every Try it panel shares: a side dialog with its title, what it tries and Close; Escape closes. */
export function TryItFrame({ label, testId, meta, panelRef, onClose, onKey, children }: Props) {
  return (
    <aside
      className="tryit"
      role="dialog"
      aria-label={label}
      data-testid={testId}
      ref={panelRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
        onKey?.(e);
      }}
    >
      <header className="tryit-header">
        <Zap size={16} aria-hidden="true" />
        <h2>Try it</h2>
        <span className="tryit-meta">{meta}</span>
        <span className="spacer" />
        <button type="button" className="icon" onClick={onClose} aria-label="Close Try it">
          <X size={16} aria-hidden="true" />
        </button>
      </header>
      {children}
    </aside>
  );
}
