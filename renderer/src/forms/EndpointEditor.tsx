import { Expand, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { type DocPath, insertAt, modify } from '../../../shared/src/config-edit/index';
import { HTTP_METHODS, OPERATIONS } from '../../../shared/src/config-schema';
import { defaultSample, pathParams, withParams } from '../../../shared/src/dynamic-form/sample';
import { chain } from './chain';
import { targetSuggestions } from './dynamic/condition-targets';
import { CallbacksEditor } from './dynamic/CallbacksEditor';
import { EffectsFields } from './dynamic/EffectsFields';
import { HeadersEditor } from './dynamic/HeadersEditor';
import { ResponseEditor } from './dynamic/ResponseEditor';
import { RulesEditor } from './dynamic/RulesEditor';
import { Sample, type SampleContext } from './dynamic/sample-context';
import { SampleRequestEditor } from './dynamic/SampleRequestEditor';
import { SetScenarioFields } from './dynamic/SetScenarioFields';
import { expandResource, resourcePath } from './endpoint-defaults';
import { placeholders } from './endpoint-placeholders';
import { useForms } from './form-context';
import { Messages, SelectInput, TextInput } from './inputs';
import { realtimeKind } from './realtime/defaults';
import { SseEditor } from './realtime/SseEditor';
import { WebSocketEditor } from './realtime/WebSocketEditor';

/** A status as typed: a number when it reads as one, else as typed so the engine says what is wrong. */
const statusValue = (v: string): unknown => (v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** One entry of `endpoints:`: a `resource:` (with Expand) or an endpoint, each control writing its own key. */
export function EndpointEditor({ entry, onGone }: { entry: WrittenEndpoint; onGone(): void }) {
  const { written, submit, readOnly } = useForms();
  const v = entry.value;
  const at = (...keys: string[]): DocPath => [...entry.path, ...keys];
  const set = (keys: string[], value: unknown) => submit((t) => modify(t, at(...keys), value), at(...keys));
  const schemas = written.schemas.map((s) => s.name);
  const path = text(v.path);
  const [sample, setSample] = useState(() => defaultSample(text(v.method), path));
  const shownSample = useMemo(() => withParams(sample, path), [sample, path]);
  const sampleContext = useMemo<SampleContext>(() => ({ sample: shownSample, path, setSample }), [shownSample, path]);
  const remove = async () => {
    const outcome = await submit((t) => modify(t, entry.path, undefined), ['endpoints']);
    if (outcome.ok) onGone();
  };

  const realtime = realtimeKind(v);
  if (realtime === 'websocket') return <WebSocketEditor entry={entry} onGone={onGone} />;
  if (realtime === 'sse') return <SseEditor entry={entry} onGone={onGone} />;
  if (entry.kind === 'resource') {
    const schema = text(v.resource);
    const expand = () =>
      submit(
        (t) => {
          const six = expandResource(schema, v.path as string | undefined, v.key as string | undefined);
          return chain(t, [
            (s) => modify(s, entry.path, undefined),
            ...six.map((e, i) => (s: string) => insertAt(s, ['endpoints'], entry.index + i, e)),
          ]);
        },
        ['endpoints'],
      );
    return (
      <section className="form-card" aria-label={`Resource ${schema}`}>
        <header className="form-card-head">
          <h3>REST resource</h3>
          <button
            type="button"
            className="btn"
            disabled={readOnly}
            onClick={() => void expand()}
            title="Replace this entry by the six endpoints it stands for, to change them one by one"
          >
            <Expand size={14} /> Expand into endpoints
          </button>
          <button type="button" className="btn danger" disabled={readOnly} onClick={() => void remove()}>
            <Trash2 size={14} /> Delete
          </button>
        </header>
        <Messages at={entry.path} exact />
        <SelectInput
          label="Schema"
          value={schema}
          options={schemas.includes(schema) ? schemas : [schema, ...schemas]}
          at={at('resource')}
          onCommit={(s) => set(['resource'], s)}
        />
        <TextInput
          label="Path"
          value={text(v.path)}
          placeholder={schema ? resourcePath(schema) : '/items'}
          at={at('path')}
          mono
          onCommit={(p) => set(['path'], p.trim() || undefined)}
        />
        <TextInput
          label="Key"
          value={text(v.key)}
          placeholder="id"
          at={at('key')}
          onCommit={(k) => set(['key'], k.trim() || undefined)}
        />
        <p className="form-hint">
          Stands for GET and POST on the collection, and GET, PATCH, PUT and DELETE on an item.
        </p>
      </section>
    );
  }

  const response = (v.response ?? {}) as {
    schema?: unknown;
    type?: unknown;
    inline?: unknown;
    body?: unknown;
    headers?: unknown;
  };
  const isStatic = response.inline !== undefined || response.body !== undefined;
  const hint = placeholders(v);
  const fields = written.schemas.find((s) => s.name === response.schema)?.fields.map((f) => f.name) ?? [];
  return (
    <Sample.Provider value={sampleContext}>
      <section className="form-card" aria-label={`Endpoint ${text(v.method)} ${text(v.path)}`}>
        <header className="form-card-head">
          <h3>{response.body !== undefined ? 'Text template' : isStatic ? 'Static JSON' : 'Custom endpoint'}</h3>
          <button type="button" className="btn danger" disabled={readOnly} onClick={() => void remove()}>
            <Trash2 size={14} /> Delete
          </button>
        </header>
        <Messages at={entry.path} exact />
        <div className="form-row">
          <SelectInput
            label="Method"
            value={text(v.method)}
            options={HTTP_METHODS}
            at={at('method')}
            onCommit={(m) => set(['method'], m)}
          />
          <TextInput label="Path" value={text(v.path)} at={at('path')} mono onCommit={(p) => set(['path'], p.trim())} />
        </div>
        <div className="form-row">
          <TextInput
            label="Status"
            value={text(v.status)}
            placeholder={hint.status}
            at={at('status')}
            onCommit={(s) => set(['status'], statusValue(s))}
          />
          {isStatic ? null : (
            <SelectInput
              label="Operation"
              value={text(v.operation)}
              options={[{ value: '', label: hint.operation }, ...OPERATIONS]}
              at={at('operation')}
              onCommit={(o) => set(['operation'], o || undefined)}
            />
          )}
        </div>
        <SampleRequestEditor />
        {isStatic ? (
          <ResponseEditor at={at('response')} value={response} />
        ) : (
          <div className="form-row">
            <SelectInput
              label="Schema"
              value={text(response.schema)}
              options={schemas.includes(text(response.schema)) ? schemas : [text(response.schema), ...schemas]}
              at={at('response', 'schema')}
              onCommit={(s) => set(['response', 'schema'], s)}
            />
            <SelectInput
              label="Returns"
              value={response.type === 'array' ? 'array' : ''}
              options={[
                { value: '', label: 'one record' },
                { value: 'array', label: 'a list' },
              ]}
              at={at('response', 'type')}
              onCommit={(r) => set(['response', 'type'], r || undefined)}
            />
            <TextInput
              label="Key"
              value={text(v.key)}
              placeholder={hint.key}
              at={at('key')}
              onCommit={(k) => set(['key'], k.trim() || undefined)}
            />
          </div>
        )}
        {isStatic ? null : (
          <HeadersEditor label="Response headers" at={at('response', 'headers')} value={response.headers} />
        )}
        <EffectsFields at={entry.path} latency={v.latency} fault={v.fault} />
        <RulesEditor
          at={at('rules')}
          value={v.rules}
          suggestions={targetSuggestions(pathParams(path), fields, Object.keys(written.scenarios))}
        />
        <SetScenarioFields at={entry.path} value={v.setScenario} owner="endpoint" />
        <CallbacksEditor at={at('callbacks')} value={v.callbacks} owner="endpoint" />
        <TextInput
          label="Description"
          value={text(v.description)}
          at={at('description')}
          onCommit={(d) => set(['description'], d.trim() || undefined)}
        />
      </section>
    </Sample.Provider>
  );
}
