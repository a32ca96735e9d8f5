import type { z } from 'zod/mini';
import {
  ConfigSchema,
  EndpointSchema,
  FIELD_TYPES,
  FieldObjectSchema,
  HTTP_METHODS,
  ON_DELETE,
  OPERATIONS,
  ResourceSchema,
  ResponseSchema,
  RuleResponseSchema,
  RuleSchema,
  SchemaDefinitionSchema,
  type Config,
} from '../../../shared/src/config-schema.js';
import { FaultSchema } from '../../../shared/src/effect-schema.js';
import { ServerSchema } from '../../../shared/src/server-schema.js';
import { messages } from '../../../shared/src/messages.js';
import {
  CloseSchema,
  MessageRuleSchema,
  SseEndpointSchema,
  SseEventSchema,
  SseSchema,
  WebSocketEndpointSchema,
  WebSocketSchema,
} from '../../../shared/src/realtime-schema.js';
import type { Problem } from '../../../shared/src/problems.js';
import { describePath, jsonTypeName, valueAt } from './describe.js';
import { didYouMean } from './did-you-mean.js';
import { withFix } from './fixes.js';
import type { ConfigSource, DocPath } from './source.js';
import { checkByItems } from './structure-items.js';

type Issue = z.core.$ZodIssue;

const keysOf = (schema: { shape: Record<string, unknown> }): string[] => Object.keys(schema.shape);

/** The keys allowed in the mapping at `path`, for "did you mean" suggestions. */
function knownKeysAt(root: unknown, path: DocPath): string[] {
  const [section, a, b, c] = path;
  if (path.length === 0) return keysOf(ConfigSchema);
  if (section === 'server' && path.length === 1) return keysOf(ServerSchema);
  if (section === 'server' && a === 'latency') return ['min', 'max'];
  if (section === 'server' && a === 'cors') return ['origin', 'credentials'];
  if (section === 'server' && a === 'admin') return ['token'];
  if (section === 'endpoints' && path.length === 2) {
    const entry = valueAt(root, path) as Record<string, unknown> | undefined;
    return keysOf(ENTRY_BRANCHES[endpointBranch(entry)] ?? EndpointSchema);
  }
  if (section === 'endpoints' && (b === 'websocket' || b === 'sse')) return realtimeKeysAt(path.slice(3), b);
  if (section === 'endpoints' && b === 'rules') return ruleKeysAt(path.slice(4));
  if (section === 'endpoints' && b === 'response') return keysOf(ResponseSchema);
  if (section === 'endpoints' && b === 'fault') return keysOf(FaultSchema);
  if (section === 'endpoints' && b === 'latency') return ['min', 'max'];
  if (section === 'schemas' && path.length === 2) return keysOf(SchemaDefinitionSchema);
  if (section === 'schemas' && c !== undefined) return keysOf(FieldObjectSchema);
  return [];
}

const ENTRY_BRANCHES = [EndpointSchema, ResourceSchema, WebSocketEndpointSchema, SseEndpointSchema] as const;

/** Which of EndpointEntrySchema's branches an entry means: 0 HTTP, 1 resource, 2 WebSocket, 3 SSE. */
const endpointBranch = (entry: unknown): number =>
  entry === null || typeof entry !== 'object'
    ? 0
    : 'resource' in entry
      ? 1
      : 'websocket' in entry
        ? 2
        : 'sse' in entry
          ? 3
          : 0;

/** The keys allowed inside `websocket:` or `sse:`, by the path below it. */
function realtimeKeysAt(inside: DocPath, kind: 'websocket' | 'sse'): string[] {
  const [part, index, below] = inside;
  if (part === undefined) return keysOf(kind === 'websocket' ? WebSocketSchema : SseSchema);
  if (part === 'interval' && index === undefined) return ['every', 'send'];
  if (part === 'messages' && below === undefined) return keysOf(MessageRuleSchema);
  if (part === 'messages' && below === 'close') return keysOf(CloseSchema);
  if (part === 'messages' && below === 'when') return ['regex', 'in', 'present', 'gt', 'gte', 'lt', 'lte'];
  if (part === 'events' && below === undefined) return keysOf(SseEventSchema);
  return ['inline', 'body'];
}

/** The keys allowed inside a rule, by the path below `rules: [n]`. */
function ruleKeysAt(inside: DocPath): string[] {
  const [part, target] = inside;
  if (part === undefined) return keysOf(RuleSchema);
  if (part === 'response') return keysOf(RuleResponseSchema);
  if (part === 'fault') return keysOf(FaultSchema);
  if (part === 'latency') return ['min', 'max'];
  if (part === 'when' && target !== undefined) return ['regex', 'in', 'present', 'gt', 'gte', 'lt', 'lte'];
  return [];
}

/** Unions report one list of issues per branch; keep the branch the author most likely meant. */
function pickUnionBranch(branches: Issue[][], root: unknown, path: DocPath): Issue[] {
  // An endpoint entry is a resource exactly when it has `resource:`; counting issues would pick the
  // resource branch for `{ path: /x }` and report a missing 'resource' instead of 'method' and 'response'.
  // Likewise `websocket:` and `sse:` make the realtime kinds (EndpointEntrySchema's branches in order).
  if (path[0] === 'endpoints' && path.length === 2 && branches.length === 4) {
    const entry = valueAt(root, path);
    if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
      return branches[endpointBranch(entry)] ?? [];
    }
  }
  let best: Issue[] = branches[0] ?? [];
  let bestScore = Infinity;
  for (const branch of branches) {
    const rootMismatch = branch.some(
      (i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value'),
    );
    const count = branch.reduce((n, i) => n + (i.code === 'unrecognized_keys' ? i.keys.length : 1), 0);
    const score = (rootMismatch ? 1000 : 0) + count;
    if (score < bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function flatten(issues: readonly Issue[], root: unknown, prefix: DocPath = []): { issue: Issue; path: DocPath }[] {
  const out: { issue: Issue; path: DocPath }[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...(issue.path as DocPath)];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      out.push(...flatten(pickUnionBranch(issue.errors, root, path), root, path));
    } else {
      out.push({ issue, path });
    }
  }
  return out;
}

function toProblems(source: ConfigSource, issue: Issue, path: DocPath): Problem[] {
  const root = source.value;
  const where = describePath(root, path);
  const value = valueAt(root, path);
  const last = path[path.length - 1];
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeysAt(root, path);
      return issue.keys.map((key) => {
        const suggestion = didYouMean(key, known);
        const problem = source.problemAt(
          [...path, key],
          'unknownField',
          messages.unknownField(key, where, suggestion),
          'error',
          'key',
        );
        return withFix(problem, suggestion, `Rename to '${suggestion}'`);
      });
    }
    case 'invalid_type': {
      if (value === undefined) {
        const parent = path.slice(0, -1);
        return [
          source.problemAt(parent, 'missingField', messages.missingField(String(last), describePath(root, parent))),
        ];
      }
      return [
        source.problemAt(
          path,
          'wrongType',
          messages.wrongType(capitalise(where), article(issue.expected), jsonTypeName(value)),
        ),
      ];
    }
    case 'invalid_value': {
      if (value === undefined) {
        // zod reports a missing enum (e.g. no `method:`) as a wrong value, not as a missing key.
        const parent = path.slice(0, -1);
        return [
          source.problemAt(parent, 'missingField', messages.missingField(String(last), describePath(root, parent))),
        ];
      }
      const text = String(value);
      if (last === 'method' && path[0] === 'endpoints') {
        const suggestion = didYouMean(text, HTTP_METHODS);
        return [withFix(source.problemAt(path, 'unknownMethod', messages.unknownMethod(text, suggestion)), suggestion)];
      }
      if (last === 'operation') {
        const suggestion = didYouMean(text, OPERATIONS);
        return [
          withFix(
            source.problemAt(path, 'unknownOperation', messages.unknownOperation(text, OPERATIONS, suggestion)),
            suggestion,
          ),
        ];
      }
      if (last === 'type' && path[0] === 'endpoints') {
        // The message names the one type there is, so that is the fix.
        return [withFix(source.problemAt(path, 'responseTypeNotArray', messages.responseTypeNotArray(text)), 'array')];
      }
      if (path[0] === 'schemas' && last === 'onDelete') {
        const suggestion = didYouMean(text, ON_DELETE);
        const field = `${String(path[1])}.${String(path[3])}`;
        return [
          withFix(
            source.problemAt(path, 'unknownOnDelete', messages.unknownOnDelete(text, field, suggestion)),
            suggestion,
          ),
        ];
      }
      if (path[0] === 'schemas' && path.length === 4 && typeof value !== 'string') {
        // `id:` with no type, `id: 5` or `id: [string]`: not a misspelt type name.
        return [
          source.problemAt(path, 'wrongType', messages.wrongType(capitalise(where), FIELD_SHAPE, jsonTypeName(value))),
        ];
      }
      if (path[0] === 'schemas') {
        const field = path[2] === 'properties' ? `${String(path[1])}.${String(path[3])}` : where;
        const suggestion = didYouMean(text, FIELD_TYPES);
        return [
          withFix(
            source.problemAt(path, 'unknownFieldType', messages.unknownFieldType(text, field, FIELD_TYPES, suggestion)),
            suggestion,
          ),
        ];
      }
      return [
        source.problemAt(
          path,
          'wrongType',
          messages.wrongType(capitalise(where), `one of ${issue.values.join(', ')}`, jsonTypeName(value)),
        ),
      ];
    }
    case 'too_small':
    case 'too_big': {
      if (last === 'status' && path[0] === 'endpoints') {
        const label = describePath(root, path.slice(0, 2)).replace(/^endpoint /, '');
        return [source.problemAt(path, 'statusOutOfRange', messages.statusOutOfRange(label, Number(value)))];
      }
      const min = issue.code === 'too_small' ? Number(issue.minimum) : undefined;
      const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
      if (typeof value === 'string') {
        return [source.problemAt(path, 'outOfRange', `${capitalise(where)} must be at least ${min} characters long.`)];
      }
      return [source.problemAt(path, 'outOfRange', messages.outOfRange(capitalise(where), min, max))];
    }
    default:
      if (issue.code === 'invalid_format' && path[0] === 'schemas' && (last === 'references' || last === 'as')) {
        const field = `${String(path[1])}.${String(path[3])}`;
        return [
          source.problemAt(path, 'invalidReference', messages.invalidReference(field, String(last), String(value))),
        ];
      }
      return [source.problemAt(path, 'invalid', `${capitalise(where)}: ${issue.message}`)];
  }
}

const FIELD_SHAPE = `a type name (${FIELD_TYPES.join(', ')}) or a mapping with \`type\``;
const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const article = (type: string): string =>
  ({
    object: 'a mapping',
    record: 'a mapping',
    array: 'a list',
    string: 'text',
    number: 'a number',
    int: 'an integer',
    boolean: 'true or false',
  })[type] ?? `a ${type}`;

/** Checks the document's shape against the zod schema; returns the typed config when it fits. */
export function checkStructure(source: ConfigSource): { config?: Config; problems: Problem[] } {
  if (source.value === null || typeof source.value !== 'object' || Array.isArray(source.value)) {
    return { problems: [source.problemAt([], 'yamlNotMapping', messages.yamlNotMapping())] };
  }
  const config = checkByItems(source.value as Record<string, unknown>);
  if (config) return { config, problems: [] };
  const result = ConfigSchema.safeParse(source.value);
  if (result.success) return { config: result.data, problems: [] };
  const problems = flatten(result.error.issues, source.value).flatMap(({ issue, path }) =>
    toProblems(source, issue, path),
  );
  return { problems };
}
