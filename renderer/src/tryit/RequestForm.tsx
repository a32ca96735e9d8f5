import { ListFilter, RotateCcw } from 'lucide-react';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { KeyValueRows } from './KeyValueRows';
import { filterNames, listParams } from './list-params';
import { hasBody, pathParams, row, type TryDraft } from './request-draft';
import { bodySkeleton } from './skeleton';

interface Props {
  draft: TryDraft;
  onChange(patch: Partial<TryDraft>): void;
  /** The table of the endpoint the draft reaches: its fields make the body skeleton and the filters. */
  table: TableInfo | undefined;
  /** The endpoint lists rows, so the list parameters are offered. */
  isList: boolean;
}

/** Why a JSON body would be refused, so the user knows before sending; it is still sent as written. */
function jsonProblem(draft: TryDraft): string | undefined {
  const type = draft.headers.find((h) => h.on && h.name.trim().toLowerCase() === 'content-type')?.value ?? '';
  if (!type.includes('json') || draft.body.trim() === '') return undefined;
  try {
    JSON.parse(draft.body);
    return undefined;
  } catch (err) {
    return `Not valid JSON (${(err as Error).message}); it is sent as written.`;
  }
}

/** The parts of the request below its first line: path parameters, query, headers and body. */
export function RequestForm({ draft, onChange, table, isList }: Props) {
  const params = pathParams(draft.path);
  const fields = table?.fields ?? [];
  const present = new Set(draft.query.map((q) => q.name));
  const problem = hasBody(draft.method) ? jsonProblem(draft) : undefined;
  return (
    <>
      {params.length ? (
        <fieldset className="tryit-section">
          <legend>Path parameters</legend>
          {params.map((p) => (
            <label key={p} className="tryit-param">
              <code>:{p}</code>
              <input
                value={draft.params[p] ?? ''}
                placeholder={fields.find((f) => f.name === p)?.type ?? 'value'}
                spellCheck={false}
                onChange={(e) => onChange({ params: { ...draft.params, [p]: e.target.value } })}
                aria-label={`Path parameter ${p}`}
                data-testid={`tryit-param-${p}`}
              />
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="tryit-section">
        <legend>Query</legend>
        {isList ? (
          <div className="tryit-chips">
            <ListFilter size={14} aria-hidden="true" />
            <span>Add</span>
            {listParams(fields).map((p) => (
              <button
                type="button"
                key={p.name}
                className="chip"
                title={p.hint}
                disabled={present.has(p.name)}
                onClick={() => onChange({ query: [...draft.query, row(p.name, p.value)] })}
              >
                {p.name}
              </button>
            ))}
          </div>
        ) : null}
        <KeyValueRows
          rows={draft.query}
          onChange={(query) => onChange({ query })}
          noun="Query parameter"
          suggestions={isList ? [...listParams(fields).map((p) => p.name), ...filterNames(fields)] : undefined}
          testId="tryit-query"
        />
      </fieldset>
      <fieldset className="tryit-section">
        <legend>Headers</legend>
        <KeyValueRows
          rows={draft.headers}
          onChange={(headers) => onChange({ headers })}
          noun="Header"
          testId="tryit-headers-form"
        />
      </fieldset>
      {hasBody(draft.method) ? (
        <fieldset className="tryit-section">
          <legend>Body</legend>
          <textarea
            className="tryit-body-input"
            value={draft.body}
            rows={Math.min(12, Math.max(4, draft.body.split('\n').length + 1))}
            spellCheck={false}
            onChange={(e) => onChange({ body: e.target.value })}
            aria-label="Request body"
            aria-invalid={problem !== undefined}
            data-testid="tryit-body-input"
          />
          {problem ? <p className="tryit-warning">{problem}</p> : null}
          {table ? (
            <button type="button" className="btn" onClick={() => onChange({ body: bodySkeleton(table.fields) })}>
              <RotateCcw size={14} aria-hidden="true" />
              Body from the {table.schema} schema
            </button>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
