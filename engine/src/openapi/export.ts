/**
 * A config's service as an OpenAPI 3.1 description: schemas as components (required and unique
 * fields noted), every endpoint with its parameters, request body, success answer and the
 * `{ "error": string }` answers it can give, and the list query parameters.
 */
import type { ServiceModel } from '../model/service-model.js';
import { componentSchema } from './export-fields.js';
import { schemaOperation, staticOperation } from './export-operations.js';
import { openApiPath } from './export-parameters.js';
import { addServerAnswers, errorResponses } from './export-server-answers.js';
import type { Obj } from './schema-walk.js';

const json = (schema: Obj): Obj => ({ 'application/json': { schema } });

export interface ExportOptions {
  title?: string;
  version?: string;
  /** Descriptions from the config's text (the model keeps none): `Schema` and `Schema.field`. */
  descriptions?: Map<string, string | undefined>;
}

/** The OpenAPI 3.1 description of a compiled service. */
export function exportOpenApi(model: ServiceModel, options: ExportOptions = {}): Obj {
  const descriptions = options.descriptions ?? new Map();
  const schemas: Obj = {};
  for (const schema of model.schemas.values())
    schemas[schema.name] = componentSchema(schema, descriptions, model.schemas);
  const errorName = schemas.Error === undefined ? 'Error' : 'MockyardError';
  schemas[errorName] = {
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'string' } },
    description: 'Every error answer of the mock.',
    'x-mockyard-error': true,
  };
  const errorContent = json({ $ref: `#/components/schemas/${errorName}` });
  const responses = errorResponses(errorContent);

  const paths: Record<string, Obj> = {};
  for (const endpoint of model.endpoints) {
    const path = openApiPath(endpoint.path);
    const item = paths[path] ?? {};
    paths[path] = item;
    const method = endpoint.method.toLowerCase();
    if (item[method]) continue;
    item[method] =
      endpoint.kind === 'schema'
        ? schemaOperation(endpoint, schemas, errorContent)
        : staticOperation(endpoint, errorContent);
  }
  for (const item of Object.values(paths)) addServerAnswers(item);
  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'Mockyard mock',
      version: options.version ?? '1.0.0',
      description:
        'Exported by Mockyard. Errors are JSON `{ "error": string }`. HEAD answers wherever GET does, without a body (marked `x-mockyard-head`). A known path called with another method answers 405 (declared on each such method, marked `x-mockyard-not-allowed`); OPTIONS answers 204 with `Allow` on every path. A busy or unreachable database answers 503, a full disk or a create past the last automatic id 507.',
    },
    paths,
    components: { schemas, responses },
  };
}
