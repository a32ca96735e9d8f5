import { X, Zap } from 'lucide-react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { ServerStatus } from '../../../shared/src/studio-contract';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { ServerStopped } from './ServerStopped';

export interface TryItFrameProps {
  /** The panel's accessible name, e.g. "Try it" or "Try it: GraphQL". */
  label: string;
  testId: string;
  /** What is being tried, beside the title (the schema, "GraphQL", "WebSocket"…). */
  meta: ReactNode;
  panelRef: RefObject<HTMLElement | null>;
  onClose(): void;
  /** The line under the title (method, path and the Send or Connect button): one form. */
  line: ReactNode;
  /** The line's form was submitted (Enter in it, or its button). */
  onSubmit(): void;
  /** Ctrl+Enter (⌘+Enter) anywhere in the panel while the server runs: the panels that send a request. */
  onSend?(): void;
  status: ServerStatus | undefined;
  /** The stopped-server banner: what the server is needed for ("send requests", "connect"), and Start. */
  stopped: { action: string; onStart(): void };
  /** The last error, in a banner above the panel's body until dismissed. */
  error: string | undefined;
  onDismissError(): void;
  children: ReactNode;
}

/**
 * The frame every Try it panel shares: a side dialog with its title, what it tries and Close (Escape
 * closes); the line that sends or connects; then, above the body, the stopped-server banner with
 * Start and the last error.
 */
export function TryItFrame(props: TryItFrameProps) {
  const { label, testId, meta, panelRef, onClose, line, onSubmit, onSend, status, children } = props;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <aside
      className="tryit"
      role="dialog"
      aria-label={label}
      data-testid={testId}
      ref={panelRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && status?.state === 'running') onSend?.();
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
      <form className="tryit-line" onSubmit={submit}>
        {line}
      </form>
      <div className="tryit-scroll">
        <ServerStopped status={status} {...props.stopped} />
        <ErrorBanner message={props.error} onDismiss={props.onDismissError} testId="tryit-error" />
        {children}
      </div>
    </aside>
  );
}
