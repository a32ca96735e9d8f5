import { Plus } from 'lucide-react';
import { DeleteButton } from './DeleteButton';
import { type DocPath, insertAt, modify } from '../../../../shared/src/config-edit/index';
import { HTTP_METHODS } from '../../../../shared/src/config-schema';
import { useForms } from '../form-context';
import { Messages, SelectInput, TextInput } from '../inputs';
import { JsonInput } from '../JsonInput';
import { HeadersEditor } from './HeadersEditor';

interface WrittenCallback {
  url?: unknown;
  method?: unknown;
  delay?: unknown;
  headers?: unknown;
  body?: { inline?: unknown } | unknown;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const intValue = (v: string): unknown => (v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v);
const NEW_CALLBACK = { url: 'http://127.0.0.1:4000/hooks', method: 'POST' };

/** One webhook: URL, method, delay, headers and an inline JSON body, each written to its own key. */
function CallbackCard({ cb, at, n, onDelete }: { cb: WrittenCallback; at: DocPath; n: number; onDelete(): void }) {
  const { submit, readOnly } = useForms();
  const set = (keys: string[], value: unknown) => submit((t) => modify(t, [...at, ...keys], value), [...at, ...keys]);
  const body = cb.body !== null && typeof cb.body === 'object' ? (cb.body as { inline?: unknown }) : undefined;
  return (
    <section className="callback-card" aria-label={`Callback ${n}`} data-testid={`callback-${n}`}>
      <header className="rule-head">
        <strong>Callback {n}</strong>
        <DeleteButton kind="callback" n={n} disabled={readOnly} onDelete={onDelete} />
      </header>
      <Messages at={at} exact />
      <TextInput
        label={`Callback ${n} URL`}
        mono
        value={text(cb.url)}
        placeholder="https://example.test/hooks/{{request.body.id}}"
        at={[...at, 'url']}
        onCommit={(u) => set(['url'], u.trim())}
      />
      <div className="form-row">
        <SelectInput
          label={`Callback ${n} method`}
          value={text(cb.method) || 'POST'}
          options={HTTP_METHODS}
          at={[...at, 'method']}
          onCommit={(m) => set(['method'], m === 'POST' && cb.method === undefined ? undefined : m)}
        />
        <TextInput
          label={`Callback ${n} delay (ms)`}
          type="number"
          value={text(cb.delay)}
          placeholder="0"
          at={[...at, 'delay']}
          onCommit={(d) => set(['delay'], intValue(d))}
        />
      </div>
      <HeadersEditor label={`Callback ${n} headers`} at={[...at, 'headers']} value={cb.headers} />
      <JsonInput
        label={`Callback ${n} body (JSON; templates over request and response)`}
        value={body?.inline}
        optional
        at={[...at, 'body']}
        onCommit={(v) => set(['body'], v === undefined ? undefined : { ...(body ?? {}), inline: v })}
      />
    </section>
  );
}

/**
 * `callbacks:` of an endpoint or a rule: webhooks sent after the answer. A rule's list replaces the
 * endpoint's when the rule matches.
 */
export function CallbacksEditor({ at, value, owner }: { at: DocPath; value: unknown; owner: string }) {
  const { submit, readOnly } = useForms();
  const list = Array.isArray(value) ? (value as WrittenCallback[]) : [];
  const add = () =>
    submit((t) => (list.length === 0 ? modify(t, at, [NEW_CALLBACK]) : insertAt(t, at, list.length, NEW_CALLBACK)), at);
  return (
    <fieldset className="form-group" aria-label={`Callbacks (${owner})`}>
      <legend>Callbacks (webhooks sent after the answer)</legend>
      <Messages at={at} exact />
      {list.map((cb, i) => (
        <CallbackCard
          // biome-ignore lint/suspicious/noArrayIndexKey: callbacks have no name; their place is their identity.
          key={i}
          cb={cb}
          at={[...at, i]}
          n={i + 1}
          onDelete={() => void submit((t) => modify(t, list.length === 1 ? at : [...at, i], undefined), at)}
        />
      ))}
      <button type="button" className="btn" disabled={readOnly} onClick={() => void add()}>
        <Plus size={14} /> Add callback
      </button>
    </fieldset>
  );
}
