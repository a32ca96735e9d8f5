import { HTTP_METHODS, OPERATIONS } from '../../../shared/src/config-schema';
import { resourcePath } from './endpoint-defaults';
import type { EndpointDraft } from './new-endpoint-draft';
import { Choice, Field } from './NewEndpointControls';
import type { NewEndpoint } from './use-new-endpoint';

/** The boxes of one kind of endpoint, each writing its part of the draft. */
export function NewEndpointFields({ form }: { form: NewEndpoint }) {
  const { kind, f, put, schemas, hint, bodyError } = form;
  const text = (label: string, key: 'path' | 'status' | 'key', placeholder: string) => (
    <Field label={label}>
      {(id) => (
        <input id={id} value={f[key]} placeholder={placeholder} onChange={(e) => put({ [key]: e.target.value })} />
      )}
    </Field>
  );
  const schema = <Choice label="Schema" value={f.schema} options={schemas} onChange={(s) => put({ schema: s })} />;
  const methodAndPath = (example: string) => (
    <div className="form-row">
      <Choice label="Method" value={f.method} options={HTTP_METHODS} onChange={(m) => put({ method: m })} />
      {text('Path', 'path', example)}
    </div>
  );

  if (kind === 'resource')
    return (
      <>
        {schemas.length === 0 ? <p className="form-hint">Create a schema first.</p> : schema}
        {text('Path', 'path', f.schema ? resourcePath(f.schema) : '/items')}
        {text('Key', 'key', 'id')}
      </>
    );
  if (kind === 'static')
    return (
      <>
        {methodAndPath('/health')}
        {text('Status', 'status', hint.status)}
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
    );
  if (kind === 'custom')
    return (
      <>
        {methodAndPath('/users/:id')}
        <div className="form-row">
          {schema}
          <Choice
            label="Returns"
            value={f.list}
            options={[
              { value: 'array', label: 'a list' },
              { value: 'one', label: 'one record' },
            ]}
            onChange={(list) => put({ list })}
          />
        </div>
        <div className="form-row">
          <Choice
            label="Operation"
            value={f.operation}
            options={[{ value: '', label: hint.operation }, ...OPERATIONS]}
            onChange={(operation) => put({ operation })}
          />
          {text('Key', 'key', hint.key)}
          {text('Status', 'status', hint.status)}
        </div>
      </>
    );
  const sends: EndpointDraft['sends'][] = ['script', 'feed'];
  return (
    <>
      {text('Path', 'path', kind === 'websocket' ? '/ws/chat/:room' : '/sse/progress')}
      <div className="form-row">
        <Choice
          label="Sends"
          value={f.sends}
          options={sends.map((s) => ({
            value: s,
            label:
              s === 'feed'
                ? 'a table’s changes (feed)'
                : kind === 'websocket'
                  ? 'scripted messages'
                  : 'a list of events',
          }))}
          onChange={(s) => put({ sends: s === 'feed' ? 'feed' : 'script' })}
        />
        {f.sends === 'feed' ? schema : null}
      </div>
      <p className="form-hint">
        {f.sends === 'feed'
          ? 'Every create, update and delete of the table is sent, whoever made it.'
          : kind === 'websocket'
            ? 'Starts with a greeting, a ping → pong rule and echo for other frames; change them once created.'
            : 'Starts with two timed events (progress, then done); change them once created.'}
      </p>
    </>
  );
}
