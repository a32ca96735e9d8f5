import { newRealtimeEntry } from './realtime/new-realtime';

export type Kind = 'resource' | 'static' | 'custom' | 'websocket' | 'sse';
export const KINDS: { id: Kind; label: string }[] = [
  { id: 'resource', label: 'REST resource for a schema' },
  { id: 'static', label: 'Static JSON' },
  { id: 'custom', label: 'Custom' },
  { id: 'websocket', label: 'WebSocket' },
  { id: 'sse', label: 'Server-Sent Events' },
];

/** What the New endpoint form holds as typed, whatever the kind (each kind reads its own boxes). */
export type EndpointDraft = {
  schema: string;
  path: string;
  method: string;
  status: string;
  key: string;
  operation: string;
  list: string;
  body: string;
  sends: 'script' | 'feed';
};

export const startDraft = (schema: string): EndpointDraft => ({
  schema,
  path: '',
  method: 'GET',
  status: '',
  key: '',
  operation: '',
  list: 'array',
  body: '{\n  "ok": true\n}',
  sends: 'script',
});

/** Only what was filled in: an empty field is left to the engine's default. */
const compact = (value: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== ''));

/** The static body as parsed, or why it does not parse. */
export function parseBody(text: string): { body?: unknown; bodyError?: string } {
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (err) {
    return { bodyError: `Not valid JSON: ${(err as Error).message}` };
  }
}

/** The `endpoints:` entry the draft makes for its kind. */
export function endpointEntry(kind: Kind, f: EndpointDraft, body: unknown): Record<string, unknown> {
  const path = f.path.trim();
  const status = f.status.trim() === '' ? undefined : Number.isInteger(Number(f.status)) ? Number(f.status) : f.status;
  if (kind === 'websocket' || kind === 'sse') return newRealtimeEntry(kind, path, f.sends, f.schema);
  if (kind === 'resource') return compact({ resource: f.schema, path, key: f.key.trim() });
  if (kind === 'static') return compact({ path, method: f.method, status, response: { inline: body } });
  return compact({
    path,
    method: f.method,
    response: compact({ schema: f.schema, type: f.list === 'array' ? 'array' : undefined }),
    operation: f.operation,
    key: f.key.trim(),
    status,
  });
}

/** Why the draft cannot be written yet (before the engine checks it), or undefined. */
export function draftProblem(kind: Kind, f: EndpointDraft, bodyError: string | undefined): string | undefined {
  if (kind === 'static' && bodyError) return bodyError;
  if (kind !== 'resource' && !f.path.trim())
    return `Give the endpoint a path, e.g. ${kind === 'websocket' ? '/ws/chat' : kind === 'sse' ? '/sse/progress' : '/health'}.`;
  if (f.sends === 'feed' && (kind === 'websocket' || kind === 'sse') && !f.schema)
    return 'A feed sends the changes of a schema’s table: create a schema first.';
  return undefined;
}
