import { useMemo, useState } from 'react';
import type { WrittenEndpoint } from '../../../shared/src/config-edit/as-written';
import { HTTP_METHODS, OPERATIONS } from '../../../shared/src/config-schema';
import { defaultSample, pathParams, withParams } from '../../../shared/src/dynamic-form/sample';
import { CallbacksEditor } from './dynamic/CallbacksEditor';
import { targetSuggestions } from './dynamic/condition-targets';
import { EffectsFields } from './dynamic/EffectsFields';
import { HeadersEditor } from './dynamic/HeadersEditor';
import { ResponseEditor } from './dynamic/ResponseEditor';
import { RulesEditor } from './dynamic/RulesEditor';
import { Sample, type SampleContext } from './dynamic/sample-context';
import { SampleRequestEditor } from './dynamic/SampleRequestEditor';
import { SetScenarioFields } from './dynamic/SetScenarioFields';
import { EntryCard, EntryDescription } from './EntryCard';
import { placeholders } from './endpoint-placeholders';
import { text, useEntryEdit, withCurrent } from './entry-edit';
import { useForms } from './form-context';
import { SelectInput, TextInput } from './inputs';

/** A status as typed: a number when it reads as one, else as typed so the engine says what is wrong. */
const statusValue = (v: string): unknown => (v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v);

/** An HTTP endpoint (custom, static JSON or a text template), each control writing its own key. */
export function HttpEndpointEditor({ entry, onGone }: { entry: WrittenEndpoint; onGone(): void }) {
  const { written } = useForms();
  const { at, set } = useEntryEdit(entry);
  const v = entry.value;
  const schemas = written.schemas.map((s) => s.name);
  const path = text(v.path);
  const [sample, setSample] = useState(() => defaultSample(text(v.method), path));
  const shownSample = useMemo(() => withParams(sample, path), [sample, path]);
  const sampleContext = useMemo<SampleContext>(() => ({ sample: shownSample, path, setSample }), [shownSample, path]);

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
      <EntryCard
        entry={entry}
        label={`Endpoint ${text(v.method)} ${text(v.path)}`}
        title={response.body !== undefined ? 'Text template' : isStatic ? 'Static JSON' : 'Custom endpoint'}
        onGone={onGone}
      >
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
              options={withCurrent(schemas, text(response.schema))}
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
        <EntryDescription entry={entry} />
      </EntryCard>
    </Sample.Provider>
  );
}
