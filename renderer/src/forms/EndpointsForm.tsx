import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { entryPath } from './endpoint-defaults';
import { EndpointEditor } from './EndpointEditor';
import { useForms } from './form-context';
import { NewEndpointForm } from './NewEndpointForm';
import { realtimeKind } from './realtime/defaults';
import { problemsAt } from './problems-at';

/** Entries grouped by the path they serve, in the order written. */
function byPath(endpoints: readonly WrittenEndpoint[]): [string, WrittenEndpoint[]][] {
  const groups = new Map<string, WrittenEndpoint[]>();
  for (const e of endpoints) {
    const path = entryPath(e.value);
    groups.set(path, [...(groups.get(path) ?? []), e]);
  }
  return [...groups];
}

const responseKind = (r: { inline?: unknown; body?: unknown } | undefined): string =>
  r?.inline !== undefined ? 'static JSON' : r?.body !== undefined ? 'text template' : 'custom';

const label = (e: WrittenEndpoint): { badge: string; text: string } =>
  realtimeKind(e.value) === 'websocket'
    ? { badge: 'WS', text: (e.value.websocket as { feed?: unknown })?.feed ? 'WebSocket feed' : 'WebSocket' }
    : realtimeKind(e.value) === 'sse'
      ? { badge: 'SSE', text: (e.value.sse as { feed?: unknown })?.feed ? 'event stream feed' : 'event stream' }
      : e.kind === 'resource'
        ? { badge: 'REST', text: `resource ${String(e.value.resource)}` }
        : {
            badge: String(e.value.method ?? '?'),
            text: responseKind(e.value.response as { inline?: unknown; body?: unknown } | undefined),
          };

/** The endpoints as written: grouped by path, New endpoint, and the picked entry's editor. */
export function EndpointsForm({
  picked,
  onPick: setPicked,
}: {
  picked?: number;
  onPick(index: number | undefined): void;
}) {
  const { written, problems, readOnly, revealLine } = useForms();
  const [creating, setCreating] = useState(false);
  // A new entry, once the text has it: its editor scrolled into view, and in Split view its YAML too.
  const [created, setCreated] = useState<number | undefined>(undefined);
  const section = useRef<HTMLDivElement>(null);
  const entry = written.endpoints.find((e) => e.index === picked) ?? written.endpoints[0];
  useEffect(() => {
    const fresh = written.endpoints.find((e) => e.index === created);
    if (!fresh) return;
    setCreated(undefined);
    revealLine?.(fresh.line);
    section.current?.querySelector(':scope > .form-card')?.scrollIntoView({ block: 'nearest' });
  }, [written, created, revealLine]);
  return (
    <div className="forms-section" ref={section}>
      <div className="form-list-head">
        <span className="muted">{written.endpoints.length === 0 ? 'No endpoints yet.' : 'Grouped by path'}</span>
        <button type="button" className="btn" disabled={readOnly} onClick={() => setCreating(true)}>
          <Plus size={14} /> New endpoint
        </button>
      </div>
      <section className="endpoint-groups" aria-label="Endpoints">
        {byPath(written.endpoints).map(([path, entries]) => (
          <div key={path} className="endpoint-group">
            <div className="endpoint-group-path">{path}</div>
            {entries.map((e) => {
              const { badge, text } = label(e);
              const errors = problemsAt(problems, e.path).filter((p) => p.severity === 'error').length;
              return (
                <button
                  key={e.index}
                  type="button"
                  className="endpoint-item"
                  aria-pressed={e === entry && !creating}
                  onClick={() => {
                    setPicked(e.index);
                    setCreating(false);
                  }}
                >
                  <span className={`method method-${badge.toLowerCase()}`}>{badge}</span>
                  <span>{text}</span>
                  <span className="muted">line {e.line}</span>
                  {errors > 0 ? <span className="form-badge error">{errors}</span> : null}
                </button>
              );
            })}
          </div>
        ))}
      </section>
      {creating ? (
        <NewEndpointForm
          onCreated={(index) => {
            setPicked(index);
            setCreating(false);
            setCreated(index);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : entry ? (
        <EndpointEditor key={`${entry.index}:${entry.kind}`} entry={entry} onGone={() => setPicked(undefined)} />
      ) : null}
    </div>
  );
}
