/**
 * Reading JSON Schemas of a dereferenced OpenAPI description: merging `allOf`, reading the type,
 * and making an example value from a schema when the description gives none.
 */

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `a/b~c` → `a~1b~0c`, for JSON pointers. */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (...segments: (string | number)[]): string =>
  `#/${segments.map((s) => escapePointer(String(s))).join('/')}`;

/** The one non-null type of a schema (`type: [string, 'null']` → string), or undefined. */
export function typeOf(schema: Obj): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x): x is string => typeof x === 'string' && x !== 'null');
  if (isObj(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/**
 * `allOf` merged into one schema: properties joined (later ones win), `required` unioned. Nested
 * `allOf` is merged too; the schema's own keys are kept. Cycles stop at the schema already open.
 */
export function mergeAllOf(schema: Obj, open: Set<Obj> = new Set()): Obj {
  if (!Array.isArray(schema.allOf) || open.has(schema)) return schema;
  open.add(schema);
  const { allOf, ...own } = schema;
  const merged: Obj = {};
  const properties: Obj = {};
  const required = new Set<string>();
  for (const part of [...(allOf as unknown[]), own]) {
    if (!isObj(part)) continue;
    const flat = mergeAllOf(part, open);
    for (const [k, v] of Object.entries(flat)) {
      if (k === 'properties' && isObj(v)) Object.assign(properties, v);
      else if (k === 'required' && Array.isArray(v)) for (const r of v) required.add(String(r));
      else if (!(k in merged) || k === 'description') merged[k] = v;
    }
  }
  open.delete(schema);
  if (Object.keys(properties).length > 0) {
    merged.properties = properties;
    if (merged.type === undefined) merged.type = 'object';
  }
  if (required.size > 0) merged.required = [...required];
  return merged;
}

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '12:00:00',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
};

/** The schema's own example (`example`, first of `examples`), default, const or first enum value. */
export function declaredExample(schema: Obj): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0] };
  if (schema.default !== undefined) return { value: schema.default };
  if (schema.const !== undefined) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

/** A value that fits the schema: its example when it has one, else one made from its type. */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isObj(schema) || depth > 6) return null;
  const declared = declaredExample(schema);
  if (declared) return declared.value;
  if (Array.isArray(schema.allOf)) return sampleOf(mergeAllOf(schema), depth + 1);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) return sampleOf(options[0], depth + 1);
  }
  switch (typeOf(schema)) {
    case 'object': {
      const out: Obj = {};
      const properties = isObj(schema.properties) ? schema.properties : {};
      for (const [name, property] of Object.entries(properties)) out[name] = sampleOf(property, depth + 1);
      return out;
    }
    case 'array':
      return schema.items === undefined ? [] : [sampleOf(schema.items, depth + 1)];
    case 'string':
      return STRING_FORMATS[String(schema.format)] ?? 'string';
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1.5;
    case 'boolean':
      return true;
    default:
      return null;
  }
}
