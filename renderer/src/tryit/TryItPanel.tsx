import { useEffect, useRef, useState } from 'react';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { ServerStatus, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
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
import { RequestFrame } from './RequestFrame';
import { useRequestPanel } from './use-request-panel';
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
  const request = useRequestPanel(client);
  const { panelRef: panel, response } = request;
  const responseRef = useRef<HTMLDivElement>(null);
  const endpoint = endpointOf(draft, endpoints);
  const edit = (patch: Partial<TryDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Focus goes to what needs filling in first: an empty path parameter, else Send.
  useEffect(() => {
    const root = panel.current;
    const empty = root?.querySelector<HTMLInputElement>('.tryit-param input');
    (empty ?? root?.querySelector<HTMLButtonElement>('[data-testid="tryit-send"]'))?.focus();
  }, [panel]);

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
      request.setError(
        `Fill in the path parameter${missing.length > 1 ? 's' : ''} ${missing.map((p) => `:${p}`).join(', ')}.`,
      );
      panel.current?.querySelector<HTMLInputElement>(`[data-testid="tryit-param-${missing[0]}"]`)?.focus();
      return;
    }
    await request.send(toSendRequest(draft));
  };

  return (
    <RequestFrame
      label="Try it"
      testId="tryit"
      meta={target.kind === 'entry' ? `from request #${target.entry.id}` : (endpoint?.schema ?? 'static')}
      onClose={onClose}
      status={status}
      request={request}
      onSend={() => void send()}
      noun="request"
      responseRef={responseRef}
      line={
        <>
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
        </>
      }
    >
      <RequestForm
        draft={draft}
        onChange={edit}
        table={tableOf(endpoint, tables)}
        isList={endpoint?.operation === 'list'}
      />
    </RequestFrame>
  );
}
