import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { ServerStatus, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { RequestForm } from './RequestForm';
import {
  draftForEndpoint,
  draftFromEntry,
  endpointOf,
  METHODS,
  missingParams,
  type TryDraft,
  type TryTarget,
  tableOf,
  toSendRequest,
} from './request-draft';
import { ResponseView } from './ResponseView';
import { ServerStopped, useStartServer } from './ServerStopped';
import { TryItFrame } from './TryItFrame';
import { useSentRequest } from './use-sent-request';
import { templateRefs, withTemplateRefs } from './template-refs';
import './tryit.css';

interface Props {
  client: StudioClient;
  target: TryTarget;
  endpoints: readonly EndpointSummary[];
  tables: readonly TableInfo[];
  status: ServerStatus | undefined;
  /** The editor's config text: the names an endpoint's templates read are offered as parameters. */
  configText: string;
  onClose(): void;
}

/**
 * Try it: a request to the running mock, filled in from an endpoint (or a logged request) and
 * editable, with the mock's answer below. It is sent from the main side (`request.send`), so the
 * request shows in the Log like any other and the page needs no access to the mock's origin.
 */
export function TryItPanel({ client, target, endpoints, tables, status, configText, onClose }: Props) {
  const [draft, setDraft] = useState<TryDraft>(() =>
    target.kind === 'endpoint'
      ? withTemplateRefs(
          draftForEndpoint(target.endpoint, tables),
          templateRefs(configText, target.endpoint.method, target.endpoint.path),
        )
      : draftFromEntry(target.entry),
  );
  const { response, error, setError, sending, send: sendRequest } = useSentRequest(client);
  const panel = useRef<HTMLElement>(null);
  const responseRef = useRef<HTMLDivElement>(null);
  const endpoint = endpointOf(draft, endpoints);
  const running = status?.state === 'running';
  const edit = (patch: Partial<TryDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Focus goes to what needs filling in first: an empty path parameter, else Send.
  useEffect(() => {
    const root = panel.current;
    const empty = root?.querySelector<HTMLInputElement>('.tryit-param input');
    (empty ?? root?.querySelector<HTMLButtonElement>('[data-testid="tryit-send"]'))?.focus();
  }, []);

  // A new answer that starts below the fold (a long body above it) is scrolled to; one in view stays put.
  useEffect(() => {
    const el = responseRef.current;
    const scroller = el?.parentElement;
    if (!response || !el || !scroller) return;
    if (el.getBoundingClientRect().top > scroller.getBoundingClientRect().bottom - 160)
      el.scrollIntoView({ block: 'start' });
  }, [response]);

  const send = async () => {
    const missing = missingParams(draft);
    if (missing.length) {
      setError(`Fill in the path parameter${missing.length > 1 ? 's' : ''} ${missing.map((p) => `:${p}`).join(', ')}.`);
      panel.current?.querySelector<HTMLInputElement>(`[data-testid="tryit-param-${missing[0]}"]`)?.focus();
      return;
    }
    await sendRequest(toSendRequest(draft));
  };

  const start = useStartServer(client, setError);

  return (
    <TryItFrame
      label="Try it"
      testId="tryit"
      meta={target.kind === 'entry' ? `from request #${target.entry.id}` : (endpoint?.schema ?? 'static')}
      panelRef={panel}
      onClose={onClose}
      onKey={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && running && !sending) void send();
      }}
    >
      <form
        className="tryit-line"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <select value={draft.method} onChange={(e) => edit({ method: e.target.value })} aria-label="Method">
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <input
          className="tryit-path"
          value={draft.path}
          spellCheck={false}
          onChange={(e) => edit({ path: e.target.value })}
          aria-label="Path"
          data-testid="tryit-path"
        />
        <button type="submit" className="btn primary" disabled={!running || sending} data-testid="tryit-send">
          <Send size={14} aria-hidden="true" />
          {sending ? 'Sending…' : 'Send'}
        </button>
      </form>
      <div className="tryit-scroll">
        <ServerStopped status={status} action="send requests" onStart={start} />
        <ErrorBanner message={error} onDismiss={() => setError(undefined)} testId="tryit-error" />
        <RequestForm
          draft={draft}
          onChange={edit}
          table={tableOf(endpoint, tables)}
          isList={endpoint?.operation === 'list'}
        />
        <div ref={responseRef}>
          {response ? (
            <ResponseView response={response} />
          ) : (
            <p className="notice tryit-hint">
              Send the request to see the mock's answer here; it also shows in the Log. Ctrl+Enter sends.
            </p>
          )}
        </div>
      </div>
    </TryItFrame>
  );
}
