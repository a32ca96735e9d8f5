import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { HTTP_METHODS } from '../../../../shared/src/config-schema';
import type { SampleDraft } from '../../../../shared/src/dynamic-form/sample';
import { samplePath } from '../../../../shared/src/dynamic-form/sample';
import { useSample } from './sample-context';

/** A labelled input of the sample (edits are the user's, kept in the form, never written to the config). */
function Field({
  label,
  value,
  mono,
  rows,
  onChange,
}: {
  label: string;
  value: string;
  mono?: boolean;
  rows?: number;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea
          id={id}
          className="mono"
          rows={rows}
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          className={mono ? 'mono' : undefined}
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

/**
 * The request the endpoint's template previews render against: method, path parameters, query,
 * headers and body. Folded to one line (what it sends) until opened.
 */
export function SampleRequestEditor() {
  const context = useSample();
  const methodId = useId();
  if (!context) return null;
  const { sample, path, setSample } = context;
  const edit = (patch: Partial<SampleDraft>) => setSample({ ...sample, ...patch });
  const query = sample.query.trim().replace(/^\?/, '');
  const line = `${sample.method} ${samplePath(path, sample.params)}${query ? `?${query}` : ''}`;
  return (
    <details className="sample-request" data-testid="sample-request">
      <summary>
        <ChevronRight size={14} aria-hidden="true" />
        <span>Sample request for previews</span>
        <code className="muted" data-testid="sample-line">
          {line}
        </code>
      </summary>
      <div className="sample-body">
        <div className="form-row">
          <div className="form-field sample-method">
            <label htmlFor={methodId}>Method</label>
            <select id={methodId} value={sample.method} onChange={(e) => edit({ method: e.target.value })}>
              {HTTP_METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </div>
          {Object.entries(sample.params).map(([name, value]) => (
            <Field
              key={name}
              label={`:${name}`}
              value={value}
              mono
              onChange={(v) => edit({ params: { ...sample.params, [name]: v } })}
            />
          ))}
          <Field label="Query" value={sample.query} mono onChange={(v) => edit({ query: v })} />
        </div>
        <div className="form-row">
          <Field label="Headers (Name: value)" value={sample.headers} rows={3} onChange={(v) => edit({ headers: v })} />
          <Field label="Body" value={sample.body} rows={3} onChange={(v) => edit({ body: v })} />
        </div>
      </div>
    </details>
  );
}
