import { z } from 'zod/mini';
import { ConfigSchema } from './config-schema.js';

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A snippet tab stop, `${n:text}`: the editor selects `text`, and Tab moves on to the next one. */
const stop = (n: number, text: string): string => `\${${n}:${text}}`;

/**
 * One snippet per kind of endpoint entry, with real values: an entry inserted as is validates.
 * (The language server's own skeleton of a branch left `method:` empty, which reads as null; the
 * studio hides those skeletons, see renderer/src/editor/yaml-completion-filter.ts.)
 */
const ENDPOINT_SNIPPETS = [
  {
    label: 'REST resource',
    description: 'The six REST endpoints of a schema: list, get, create, update, replace, delete.',
    body: { resource: stop(1, 'Product') },
  },
  {
    label: 'Static JSON endpoint',
    description: 'Answers fixed JSON on one method and path.',
    body: { path: `/${stop(1, 'health')}`, method: stop(2, 'GET'), response: { inline: { status: stop(3, 'ok') } } },
  },
  {
    label: 'Custom schema endpoint',
    description: 'One method on one path, backed by the records of a schema.',
    body: { path: `/${stop(1, 'products')}/:id`, method: stop(2, 'GET'), response: { schema: stop(3, 'Product') } },
  },
  {
    label: 'WebSocket endpoint',
    description: 'A WebSocket on one path: answers each message (here it echoes), or streams a table with feed:.',
    body: { path: `/ws/${stop(1, 'chat')}`, websocket: { otherwise: stop(2, 'echo') } },
  },
  {
    label: 'Server-Sent Events endpoint',
    description: 'A text/event-stream on one path: a list of timed events, or a table with feed:.',
    body: {
      path: `/sse/${stop(1, 'progress')}`,
      sse: { events: [{ event: stop(2, 'progress'), data: { inline: { pct: 50 } }, delay: 500 }] },
    },
  },
];

/** The titles of the kinds of endpoint entry (zod's union order), which label the language server's skeletons. */
export const ENDPOINT_BRANCH_TITLES = ['Endpoint', 'Resource', 'WebSocket', 'Server-Sent Events'] as const;

/**
 * Names for the branches of each union, in zod's order. The language server labels completion items
 * by title, and when no title is set it borrows the nearest ancestor's (all read "Mockyard config"
 * before); a hover over a union it cannot tell apart joins the branches' titles with "||".
 */
const BRANCHES: Record<string, string[]> = {
  endpoints: [...ENDPOINT_BRANCH_TITLES],
  field: ['Field type', 'Field with options'],
  latency: ['Fixed delay', 'Random delay'],
  cors: ['CORS on or off', 'CORS options'],
  origin: ['One origin', 'Several origins'],
  admin: ['Admin on or off', 'Admin with a token'],
  json: ['Text', 'Number', 'true or false', 'null', 'List', 'Mapping'],
};

/** Gives a union's branches their names and descriptions, so no two branches look alike to the server. */
function nameBranches(schema: JsonSchema, union: string): void {
  const branches = schema.anyOf;
  const names = BRANCHES[union];
  if (!Array.isArray(branches) || !names) return;
  branches.forEach((branch: unknown, i) => {
    const name = names[i];
    if (!isSchema(branch) || name === undefined) return;
    branch.title ??= name;
    branch.description ??= name;
  });
}

/**
 * Titles the schema at each key with the key as written (hover: "#### method", then the text), and
 * walks on. Every hoverable schema then has its own title instead of inheriting the root's.
 */
function titleTree(schema: JsonSchema, key: string): void {
  nameBranches(schema, key === 'properties.*' ? 'field' : key);
  for (const branch of Array.isArray(schema.anyOf) ? schema.anyOf : []) {
    if (isSchema(branch)) titleTree(branch, key);
  }
  if (isSchema(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isSchema(child)) continue;
      child.title ??= name;
      titleTree(child, name);
    }
  }
  const values = schema.additionalProperties;
  if (isSchema(values)) {
    const entryTitle = { schemas: 'Schema', properties: 'Field', seed: 'Seed rows' }[key];
    if (entryTitle && values.$ref === undefined) values.title ??= entryTitle;
    titleTree(values, key === 'properties' ? 'properties.*' : `${key}.*`);
  }
  if (isSchema(schema.items)) titleTree(schema.items, key);
}

/** The config's JSON Schema (draft-07, which the YAML language servers of Monaco and VS Code read). */
export function configJsonSchema(): JsonSchema {
  const schema = z.toJSONSchema(ConfigSchema, { target: 'draft-7' }) as JsonSchema;
  titleTree(schema, '');
  const definitions = isSchema(schema.definitions) ? Object.values(schema.definitions) : [];
  // The only definition is JSON itself (`default`, `inline`), which zod names __schema0.
  for (const definition of definitions) if (isSchema(definition)) nameBranches(definition, 'json');
  const endpoints = isSchema(schema.properties) ? schema.properties.endpoints : undefined;
  if (isSchema(endpoints) && isSchema(endpoints.items)) endpoints.items.defaultSnippets = ENDPOINT_SNIPPETS;
  return { ...schema, $id: 'https://mockyard.dev/schema/mockyard.schema.json', title: 'Mockyard config' };
}
