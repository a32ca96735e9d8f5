import { Copy } from 'lucide-react';
import type { SentResponse } from '../../../shared/src/studio-contract';
import { useFeedback } from '../feedback/feedback';
import { BodyView } from '../log/JsonView';
import { NotesList } from '../log/NotesList';

const size = (text: string): string => {
  const bytes = new TextEncoder().encode(text).length;
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
};

/** The mock's answer: status, time and size on one line, headers folded, the body pretty-printed. */
export function ResponseView({ response }: { response: SentResponse }) {
  const { notify } = useFeedback();
  const headers = Object.entries(response.headers);
  return (
    <section className="tryit-response" aria-label="Response" data-testid="tryit-response">
      <div className="tryit-response-line">
        <h3>Response</h3>
        <span
          className={`status-badge status-${Math.floor(response.status / 100)}xx`}
          data-testid="tryit-status"
          title={`Status ${response.status}`}
        >
          {response.status}
        </span>
        <span className="tryit-meta" data-testid="tryit-time">
          {response.durationMs.toFixed(1)} ms · {size(response.body)}
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="btn"
          onClick={() => void navigator.clipboard?.writeText(response.body).then(() => notify('Copied'))}
          disabled={response.body === ''}
        >
          <Copy size={12} aria-hidden="true" />
          Copy body
        </button>
      </div>
      <NotesList notes={response.notes} testId="tryit-notes" />
      <details>
        <summary>Headers ({headers.length})</summary>
        <table className="headers" data-testid="tryit-headers">
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <th>{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {response.truncated ? (
        <p className="notice">The body is longer than the studio shows: only its first part is here.</p>
      ) : null}
      <div className="tryit-body" data-testid="tryit-body">
        <BodyView text={response.body} />
      </div>
    </section>
  );
}
