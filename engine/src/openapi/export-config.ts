/** `mockyard export`: a config text → the text of its OpenAPI 3.1 description (YAML or JSON). */
import { basename, extname } from 'node:path';
import { parse, stringify } from 'yaml';
import type { Problem } from '../../../shared/src/problems.js';
import { validateConfig } from '../config/validate.js';
import { exportOpenApi } from './export.js';
import { isObj } from './schema-walk.js';

export type ExportResult = { ok: true; text: string; document: unknown } | { ok: false; problems: Problem[] };

/** Descriptions of schemas and fields, read from the text (the compiled model keeps none). */
function descriptionsOf(text: string): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  let raw: unknown;
  try {
    raw = parse(text);
  } catch {
    return out;
  }
  const schemas = isObj(raw) && isObj(raw.schemas) ? raw.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObj(schema)) continue;
    if (typeof schema.description === 'string') out.set(name, schema.description);
    for (const [field, def] of Object.entries(isObj(schema.properties) ? schema.properties : {}))
      if (isObj(def) && typeof def.description === 'string') out.set(`${name}.${field}`, def.description);
  }
  return out;
}

export function exportConfig(text: string, configPath: string, format: 'yaml' | 'json'): ExportResult {
  const { problems, model } = validateConfig(text, { configPath });
  if (!model) return { ok: false, problems };
  const title = basename(configPath, extname(configPath));
  const document = exportOpenApi(model, { title, descriptions: descriptionsOf(text) });
  const out =
    format === 'json'
      ? `${JSON.stringify(document, null, 2)}\n`
      : stringify(document, { lineWidth: 0, aliasDuplicateObjects: false });
  return { ok: true, text: out, document };
}
