import type { DocPath } from './source.js';

const get = (root: unknown, path: DocPath): unknown => {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
};

export const valueAt = get;

/** `GET /users` for an endpoint entry, or `#3` when method or path are unusable. */
export function endpointLabel(entry: unknown, index: number): string {
  if (entry && typeof entry === 'object') {
    const e = entry as Record<string, unknown>;
    if (typeof e.resource === 'string') return `resource ${e.resource}`;
    if (typeof e.method === 'string' && typeof e.path === 'string') return `${e.method} ${e.path}`;
    // A realtime entry as the compile step names it: `WS /ws/chat/:room`, `SSE /sse/notes`.
    if (typeof e.path === 'string' && e.websocket !== undefined) return `WS ${e.path}`;
    if (typeof e.path === 'string' && e.sse !== undefined) return `SSE ${e.path}`;
  }
  return `#${index + 1}`;
}

/** What a path in the config names, in words, for messages: "endpoint GET /users", "User.email". */
export function describePath(root: unknown, path: DocPath): string {
  const [section, a, b, c] = path;
  if (path.length === 0) return 'the config';
  if (section === 'endpoints' && typeof a === 'number') {
    const label = endpointLabel(get(root, ['endpoints', a]), a);
    const thing = label.startsWith('resource ') ? label : `endpoint ${label}`;
    if (path.length === 2) return thing;
    if (b === 'response' && path.length === 3) return `the response of ${thing}`;
    if (b === 'response') return `\`response.${String(c)}\` of ${thing}`;
    // A rule's own field is named with its rule: "`status` of rule 1 of endpoint GET /greet".
    if (b === 'rules' && typeof c === 'number') {
      const rule = `rule ${c + 1} of ${thing}`;
      return path.length === 4 ? rule : `\`${path.slice(4).join('.')}\` of ${rule}`;
    }
    // Inside a realtime entry: "`delay` of event 1 of endpoint SSE /sse/x", "`websocket.interval.every` of …".
    if ((b === 'websocket' || b === 'sse') && path.length > 3) {
      const item = path[4];
      if ((c === 'messages' || c === 'events') && typeof item === 'number') {
        const named = `${c === 'messages' ? 'message rule' : 'event'} ${item + 1} of ${thing}`;
        return path.length === 5 ? named : `\`${path.slice(5).join('.')}\` of ${named}`;
      }
      return `\`${path.slice(2).join('.')}\` of ${thing}`;
    }
    return `\`${String(b)}\` of ${thing}`;
  }
  if (section === 'schemas' && typeof a === 'string') {
    if (path.length === 2) return `schema ${a}`;
    if (b === 'properties' && typeof c === 'string') {
      return path.length === 4 ? `${a}.${c}` : `\`${String(path[4])}\` of ${a}.${c}`;
    }
    if (b === 'properties') return `the properties of schema ${a}`;
    return `\`${String(b)}\` of schema ${a}`;
  }
  if (section === 'seed' && typeof a === 'string') {
    if (typeof b === 'number')
      return path.length === 3 ? `seed row ${b + 1} of ${a}` : `field '${String(c)}' of seed row ${b + 1} of ${a}`;
    return `the seed rows of ${a}`;
  }
  if (section === 'server') return path.length === 1 ? '`server`' : `\`server.${path.slice(1).join('.')}\``;
  return `\`${path.join('.')}\``;
}

export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text '${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'number') return Number.isInteger(value) ? `the integer ${value}` : `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  return typeof value;
}
