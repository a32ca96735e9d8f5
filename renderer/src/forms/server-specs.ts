import type { DocPath } from '../../../shared/src/config-edit/index';

/** A number as typed; what does not read as an integer is written as typed, for the engine to say why. */
export const intValue = (v: string): unknown =>
  v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v;
export const show = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** One box of the server form: where it writes, what it is called, and how its text becomes a value. */
export interface FieldSpec {
  label: string;
  /** The key it writes, below `server:`. */
  path: DocPath;
  /** Where its problems are found, when not at `path` (a nested key's block). */
  at?: DocPath;
  placeholder?: string;
  /** A whole number (else text: trimmed, and empty removes the key). */
  number?: boolean;
  /** Written as typed, spaces and all (a token). */
  raw?: boolean;
}

/** Every text box of the server form, one spec each. */
export const FIELDS = {
  port: { label: 'Port', path: ['server', 'port'], number: true, placeholder: '3000 (default)' },
  host: { label: 'Host', path: ['server', 'host'], placeholder: '127.0.0.1 (default)' },
  corsOrigin: { label: 'Allowed origin', path: ['server', 'cors', 'origin'], at: ['server', 'cors'] },
  latency: { label: 'Latency (ms)', path: ['server', 'latency'], number: true, placeholder: 'none' },
  latencyMin: {
    label: 'Latency min (ms)',
    path: ['server', 'latency', 'min'],
    at: ['server', 'latency'],
    number: true,
  },
  latencyMax: {
    label: 'Latency max (ms)',
    path: ['server', 'latency', 'max'],
    at: ['server', 'latency'],
    number: true,
  },
  bodyLimit: {
    label: 'Body limit (bytes)',
    path: ['server', 'bodyLimit'],
    number: true,
    placeholder: '1048576 (1 MiB)',
  },
  proxy: { label: 'Proxy URL', path: ['server', 'proxy'], placeholder: 'none: unmatched requests answer 404' },
  proxyTimeout: {
    label: 'Proxy timeout (ms)',
    path: ['server', 'proxyTimeout'],
    number: true,
    placeholder: '30000 (default)',
  },
  adminToken: { label: 'Admin token', path: ['server', 'admin', 'token'], at: ['server', 'admin'], raw: true },
} satisfies Record<string, FieldSpec>;

/** The value a spec's key holds in `server:` as written. */
export function valueAt(server: Record<string, unknown>, path: DocPath): unknown {
  let value: unknown = server;
  for (const seg of path.slice(1))
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[String(seg)] : undefined;
  return value;
}

const isMap = (v: unknown): boolean => typeof v === 'object' && v !== null;

/** A select of the server form: its choices, which one the written value is, and what each writes. */
export interface ChoiceSpec {
  label: string;
  key: string;
  options: { value: string; label: string }[];
  read(value: unknown): string;
  write(choice: string): unknown;
  /** The box shown beside the select while one choice is made (the origin, the token). */
  detail?: { choice: string; field: FieldSpec };
}

interface MapChoice {
  value: string;
  label: string;
  /** The one key of the map, its starting value, and its box. */
  key: string;
  start: string;
  field: FieldSpec;
}

/**
 * A key that is off (absent), on (`true`), or a map with one key to fill in (`cors: { origin }`,
 * `admin: { token }`): the select, and the box of the map's key beside it while that is chosen.
 */
function offOnOrMap(label: string, key: string, on: { value: string; label: string }, map: MapChoice): ChoiceSpec {
  return {
    label,
    key,
    options: [{ value: 'off', label: 'Off (default)' }, on, { value: map.value, label: map.label }],
    read: (v) => (v === true ? on.value : isMap(v) ? map.value : 'off'),
    write: (c) => (c === 'off' ? undefined : c === on.value ? true : { [map.key]: map.start }),
    detail: { choice: map.value, field: map.field },
  };
}

/** The server form's selects, one spec each. */
export const CHOICES = {
  cors: offOnOrMap(
    'CORS',
    'cors',
    { value: 'any', label: 'Any origin' },
    { value: 'origin', label: 'One origin…', key: 'origin', start: 'http://localhost:5173', field: FIELDS.corsOrigin },
  ),
  admin: offOnOrMap(
    'Admin API',
    'admin',
    { value: 'on', label: 'On, token generated' },
    { value: 'token', label: 'On, with my token…', key: 'token', start: 'change-me-please', field: FIELDS.adminToken },
  ),
} satisfies Record<string, ChoiceSpec>;
