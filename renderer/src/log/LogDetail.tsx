import { Copy, Terminal } from 'lucide-react';
import { toCurl } from '../../../shared/src/curl';
import type { LogEntry } from '../../../shared/src/log-entry';
import { DetailFrame } from './DetailFrame';
import { HeadersTable } from './HeadersTable';
import { BodyView } from './JsonView';
import { NotesList } from './NotesList';
import { StreamDetail } from './StreamDetail';

interface Props {
  entry: LogEntry;
  baseUrl: string | undefined;
  /** Opens Try it with this request filled in, to edit before sending it again. */
  onReplay(entry: LogEntry): void;
  onClose(): void;
  /** Tells the user the text is on the clipboard ("Copied"). */
  onCopied(): void;
}

const copy = (text: string, done: () => void) => void navigator.clipboard?.writeText(text).then(done);

/** One side of the exchange: its headers (folded) and its body, copyable. */
function Message({
  headers,
  body,
  testId,
  onCopied,
}: {
  headers: Record<string, unknown>;
  body: string;
  testId: string;
  onCopied(): void;
}) {
  return (
    <>
      <details>
        <summary>Headers</summary>
        <HeadersTable headers={headers} />
      </details>
      <div className="body-head">
        Body
        <button type="button" onClick={() => copy(body, onCopied)} data-testid={`${testId}-copy`}>
          <Copy size={12} aria-hidden="true" />
          Copy
        </button>
      </div>
      <div data-testid={testId}>
        <BodyView text={body} />
      </div>
    </>
  );
}

/** Everything about one request: what was asked, what was answered, and why (notes). */
export function LogDetail({ entry, baseUrl, onReplay, onClose, onCopied }: Props) {
  if (entry.stream) return <StreamDetail entry={entry} stream={entry.stream} onReplay={onReplay} onClose={onClose} />;
  const base = baseUrl ?? 'http://127.0.0.1:3000';
  const params = Object.entries(entry.params);
  const query = entry.query ? [...new URLSearchParams(entry.query)] : [];
  return (
    <DetailFrame
      entry={entry}
      onReplay={onReplay}
      onClose={onClose}
      actions={
        <button
          type="button"
          onClick={() => copy(toCurl(entry, base), onCopied)}
          data-testid="copy-curl"
          title="Copy as curl"
          aria-label="Copy as curl"
        >
          <Terminal size={14} aria-hidden="true" />
          curl
        </button>
      }
    >
      <p className="meta">
        {new Date(entry.time).toLocaleString()} · {entry.duration.toFixed(1)} ms ·{' '}
        {entry.endpoint ?? 'no matching endpoint'}
      </p>
      <NotesList notes={entry.notes} testId="log-notes" />
      <h4>Request</h4>
      {params.length ? <HeadersTable headers={Object.fromEntries(params)} /> : null}
      {query.length ? <HeadersTable headers={Object.fromEntries(query)} /> : null}
      <Message headers={entry.requestHeaders} body={entry.requestBody} testId="request-body" onCopied={onCopied} />
      <h4>Response {entry.status}</h4>
      <Message headers={entry.responseHeaders} body={entry.responseBody} testId="response-body" onCopied={onCopied} />
    </DetailFrame>
  );
}
