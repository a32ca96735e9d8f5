/**
 * The JSON body of a create, PUT or PATCH as the server takes it: the fields the path sets (the key
 * of an item, the parent key of a nested create) are left out of the body, since the server takes
 * them from the path and refuses a body that gives another value; `x-mockyard-from-path` names them.
 * An automatic integer id given by the client stays below 2^53 − 1, so the next automatic one is exact.
 */
import type { SchemaEndpoint } from '../model/service-model.js';
import { fieldSchema, isNullable } from './export-fields.js';
import type { Obj } from './schema-walk.js';

const ref = (name: string): Obj => ({ $ref: `#/components/schemas/${name}` });

/** `components[schema]`'s properties, without those the path sets, with the client's id bound. */
function bodyProperties(endpoint: SchemaEndpoint, properties: Obj, fromPath: ReadonlySet<string>): Obj {
  const out: Obj = {};
  for (const field of endpoint.schema.fields) {
    if (fromPath.has(field.name)) continue;
    const property = properties[field.name] as Obj;
    out[field.name] =
      field.autoId === 'integer'
        ? {
            ...property,
            maximum: Number.MAX_SAFE_INTEGER - 1,
            description: `${property.description ? `${property.description} ` : ''}Given by the server when left out; one given here is below 2^53 − 1, so the next automatic id stays exact.`,
          }
        : property;
  }
  return out;
}

/** The request body schema of a create or update endpoint. */
export function requestBody(endpoint: SchemaEndpoint, components: Obj): Obj {
  const { schema, params } = endpoint;
  const fromPath = new Set(params.map((p) => p.column));
  const hasAutoInteger = schema.fields.some((f) => f.autoId === 'integer');
  const patch = endpoint.method === 'PATCH';
  // The record as stored, when nothing differs.
  if (!patch && fromPath.size === 0 && !hasAutoInteger) return ref(schema.name);
  const component = components[schema.name] as Obj & { required?: string[] };
  const properties = patch
    ? Object.fromEntries(
        schema.fields.map((f) => [f.name, fieldSchema({ type: f.type, default: undefined }, isNullable(f))]),
      )
    : (component.properties as Obj);
  const required = patch ? [] : (component.required ?? []).filter((name) => !fromPath.has(name));
  const named = params.map((p) => `\`${p.column}\` comes from the path's \`{${p.param}}\``).join('; ');
  const what = patch ? `Fields of ${schema.name} to change.` : `A ${schema.name}.`;
  return {
    type: 'object',
    description: named ? `${what} ${named}; the body leaves it out (the server refuses another value).` : what,
    properties: bodyProperties(endpoint, properties, fromPath),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
    ...(fromPath.size > 0
      ? { 'x-mockyard-from-path': Object.fromEntries(params.map((p) => [p.column, p.param])) }
      : {}),
  };
}
