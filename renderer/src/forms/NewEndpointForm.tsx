import { type FormEvent, type ReactNode, useState } from 'react';
import { insertAt } from '../../../shared/src/config-edit/index';
import { HTTP_METHODS, OPERATIONS } from '../../../shared/src/config-schema';
import { resourcePath } from './endpoint-defaults';
import { placeholders } from './endpoint-placeholders';
import { useForms } from './form-context';
import { Messages } from './inputs';
import { newRealtimeEntry } from './realtime/new-realtime';

type Kind = 'resource' | 'static' | 'custom' | 'websocket' | 'sse';
const KINDS: { id: Kind; label: string }[] = [
  { id: 'resource', label: 'REST resource for a schema' },
  { id: 'static', label: 'Static JSON' },
  { id: 'custom', label: 'Custom' },
  { id: 'websocket', label: 'WebSocket' },
  { id: 'sse', label: 'Server-Sent Events' },
];

/** A labelled control of this form (the label names the control for tests and screen readers). */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = `new-endpoint-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** Only what was filled in: an empty field is left to the engine's default. */
const compact = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));

/** New endpoint, of one of three kinds; written at the end of `endpoints:` once the engine accepts it. */
export function NewEndpointForm({ onCreated, onCancel }: { onCreated(index: number): void; onCancel(): void }) {
  const { written, submit } = useForms();
  const schemas = written.schemas.map((s) => s.name);
  const [kind, setKind] = useState<Kind>('resource');
  const [f, setF] = useState({
    schema: schemas[0] ?? '',
    path: '',
    method: 'GET',
    status: '',
    key: '',
    operation: '',
    list: 'array',
    body: '{\n  "ok": true\n}',
    sends: 'script' as 'script' | 'feed',
  });
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const put = (patch: Partial<typeof f>) => {
    setF((old) => ({ ...old, ...patch }));
    setRefused(undefined);
  };
  const status = f.status.trim() === '' ? undefined : Number.isInteger(Number(f.status)) ? Number(f.status) : f.status;
  let bodyError: string | undefined;
  let body: unknown;
  try {
    body = JSON.parse(f.body) as unknown;
  } catch (err) {
    bodyError = `Not valid JSON: ${(err as Error).message}`;
  }
  const value: Record<string, unknown> =
    kind === 'websocket' || kind === 'sse'
      ? newRealtimeEntry(kind, f.path.trim(), f.sends, f.schema)
      : kind === 'resource'
        ? compact({ resource: f.schema, path: f.path.trim(), key: f.key.trim() })
        : kind === 'static'
          ? compact({ path: f.path.trim(), method: f.method, status, response: { inline: body } })
          : compact({
              path: f.path.trim(),
              method: f.method,
              response: compact({ schema: f.schema, type: f.list === 'array' ? 'array' : undefined }),
              operation: f.operation,
              key: f.key.trim(),
              status,
            });
  const hint = placeholders(value);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'static' && bodyError) return setRefused(bodyError);
    if (kind !== 'resource' && !f.path.trim())
      return setRefused(
        `Give the endpoint a path, e.g. ${kind === 'websocket' ? '/ws/chat' : kind === 'sse' ? '/sse/progress' : '/health'}.`,
      );
    if (f.sends === 'feed' && (kind === 'websocket' || kind === 'sse') && !f.schema)
      return setRefused('A feed sends the changes of a schema’s table: create a schema first.');
    const index = written.endpoints.length;
    const outcome = await submit((t) => insertAt(t, ['endpoints'], index, value), ['endpoints', index]);
    if (outcome.ok) onCreated(index);
    else setRefused(outcome.message);
  };

  const schemaSelect = (
    <Field label="Schema">
      {(id) => (
        <select id={id} value={f.schema} onChange={(e) => put({ schema: e.target.value })}>
          {schemas.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      )}
    </Field>
  );
  const input = (label: string, key: 'path' | 'status' | 'key', placeholder: string) => (
    <Field label={label}>
      {(id) => (
        <input id={id} value={f[key]} placeholder={placeholder} onChange={(e) => put({ [key]: e.target.value })} />
      )}
    </Field>
  );
  const method = (
    <Field label="Method">
      {(id) => (
        <select id={id} value={f.method} onChange={(e) => put({ method: e.target.value })}>
          {HTTP_METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form className="form-card" aria-label="New endpoint" onSubmit={(e) => void create(e)}>
      <fieldset className="kind-choice">
        <legend>Kind</legend>
        {KINDS.map((k) => (
          <label key={k.id}>
            <input type="radio" name="endpoint-kind" checked={kind === k.id} onChange={() => setKind(k.id)} />
            {k.label}
          </label>
        ))}
      </fieldset>
      {kind === 'resource' ? (
        <>
          {schemas.length === 0 ? <p className="form-hint">Create a schema first.</p> : schemaSelect}
          {input('Path', 'path', f.schema ? resourcePath(f.schema) : '/items')}
          {input('Key', 'key', 'id')}
        </>
      ) : null}
      {kind === 'static' ? (
        <>
          <div className="form-row">
            {method}
            {input('Path', 'path', '/health')}
          </div>
          {input('Status', 'status', hint.status)}
          <Field label="Body (JSON)">
            {(id) => (
              <textarea
                id={id}
                className="mono json-input"
                rows={5}
                spellCheck={false}
                value={f.body}
                aria-invalid={bodyError !== undefined || undefined}
                onChange={(e) => put({ body: e.target.value })}
              />
            )}
          </Field>
          {bodyError ? <p className="form-messages error">{bodyError}</p> : null}
        </>
      ) : null}
      {kind === 'custom' ? (
        <>
          <div className="form-row">
            {method}
            {input('Path', 'path', '/users/:id')}
          </div>
          <div className="form-row">
            {schemaSelect}
            <Field label="Returns">
              {(id) => (
                <select id={id} value={f.list} onChange={(e) => put({ list: e.target.value })}>
                  <option value="array">a list</option>
                  <option value="one">one record</option>
                </select>
              )}
            </Field>
          </div>
          <div className="form-row">
            <Field label="Operation">
              {(id) => (
                <select id={id} value={f.operation} onChange={(e) => put({ operation: e.target.value })}>
                  <option value="">{hint.operation}</option>
                  {OPERATIONS.map((o) => (
                    <option key={o}>{o}</option>
                  ))}
                </select>
              )}
            </Field>
            {input('Key', 'key', hint.key)}
            {input('Status', 'status', hint.status)}
          </div>
        </>
      ) : null}
      {kind === 'websocket' || kind === 'sse' ? (
        <>
          {input('Path', 'path', kind === 'websocket' ? '/ws/chat/:room' : '/sse/progress')}
          <div className="form-row">
            <Field label="Sends">
              {(id) => (
                <select
                  id={id}
                  value={f.sends}
                  onChange={(e) => put({ sends: e.target.value === 'feed' ? 'feed' : 'script' })}
                >
                  <option value="script">{kind === 'websocket' ? 'scripted messages' : 'a list of events'}</option>
                  <option value="feed">a table’s changes (feed)</option>
                </select>
              )}
            </Field>
            {f.sends === 'feed' ? schemaSelect : null}
          </div>
          <p className="form-hint">
            {f.sends === 'feed'
              ? 'Every create, update and delete of the table is sent, whoever made it.'
              : kind === 'websocket'
                ? 'Starts with a greeting, a ping → pong rule and echo for other frames; change them once created.'
                : 'Starts with two timed events (progress, then done); change them once created.'}
          </p>
        </>
      ) : null}
      <Messages refused={refused} />
      <footer>
        <button type="submit" className="btn primary">
          Create endpoint
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </footer>
    </form>
  );
}
