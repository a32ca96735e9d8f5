import { type Tone, toneClass } from '../tone';

/** A body as text: JSON pretty-printed with foldable objects and arrays, anything else as it is. */
export function BodyView({ text }: { text: string }) {
  if (text === '') return <p className="empty">(no body)</p>;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return <pre className="raw-body">{text}</pre>;
  }
  return (
    <div className="json-view">
      <JsonNode value={value} depth={0} />
    </div>
  );
}

/** A JSON leaf's colour by its type: strings green, numbers amber, true, false and null red. */
const leafTone = (value: unknown): Tone =>
  typeof value === 'string' ? 'ok' : typeof value === 'number' ? 'warning' : 'error';

function JsonNode({ value, depth, label }: { value: unknown; depth: number; label?: string }) {
  const key = label !== undefined ? <span className={toneClass('accent')}>{JSON.stringify(label)}: </span> : null;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-leaf">
        {key}
        <span className={toneClass(leafTone(value))}>{JSON.stringify(value)}</span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    return (
      <div className="json-leaf">
        {key}
        {open}
        {close}
      </div>
    );
  }
  return (
    <details open={depth < 2} className="json-branch">
      <summary>
        {key}
        {open}
        <span className="json-count">
          {' '}
          {entries.length}{' '}
          {Array.isArray(value)
            ? entries.length === 1
              ? 'item'
              : 'items'
            : entries.length === 1
              ? 'key'
              : 'keys'}{' '}
        </span>
      </summary>
      <div className="json-children">
        {entries.map(([k, v]) => (
          <JsonNode key={k} value={v} depth={depth + 1} label={Array.isArray(value) ? undefined : k} />
        ))}
      </div>
      <div>{close}</div>
    </details>
  );
}
