import { z } from 'zod/mini';
import { ConfigSchema } from './config-schema.js';

/** The config's JSON Schema (draft-07, which the YAML language servers of Monaco and VS Code read). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ConfigSchema, { target: 'draft-7' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://mockyard.dev/schema/mockyard.schema.json', title: 'Mockyard config' };
}
