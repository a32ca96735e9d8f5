/**
 * The Mockyard config document, declared once with zod. The TypeScript types, the runtime
 * validation and the JSON Schema used by editors all come from these definitions.
 */
import { z } from 'zod';

export const FIELD_TYPES = ['number', 'integer', 'string', 'boolean', 'datetime', 'json'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export const OPERATIONS = ['list', 'get', 'create', 'update', 'delete'] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type Operation = (typeof OPERATIONS)[number];

const JsonValue = z.json();

export const FieldTypeSchema = z
  .enum(FIELD_TYPES)
  .describe('Field type: number, integer, string, boolean, datetime (ISO-8601 text) or json (any JSON value).');

export const FieldObjectSchema = z
  .strictObject({
    type: FieldTypeSchema,
    required: z.boolean().optional().describe('Reject creates and replaces that leave this field out. Default false.'),
    unique: z.boolean().optional().describe('No two records may share a value; a duplicate gives 409. Default false.'),
    default: JsonValue.optional().describe('Value stored when a create leaves this field out.'),
  })
  .describe('A field with options.');

export const FieldSchema = z
  .union([FieldTypeSchema, FieldObjectSchema])
  .describe('A field: a type name, or an object { type, required, unique, default }.');

export const SchemaDefinitionSchema = z
  .strictObject({
    description: z.string().optional().describe('Free text shown in the studio.'),
    properties: z
      .record(z.string(), FieldSchema)
      .describe('The fields of a record: field name to type. A field named `id` is the primary key.'),
  })
  .describe('A record shape. It is stored in the table named after it (User -> users).');

export const ResponseSchema = z
  .strictObject({
    schema: z.string().optional().describe('Name of a schema under `schemas:`; makes the endpoint database-backed.'),
    type: z.literal('array').optional().describe('`array` makes the response a list of records.'),
    inline: JsonValue.optional().describe('Fixed JSON returned unchanged; makes the endpoint static.'),
  })
  .describe('What the endpoint returns: `schema` (database-backed) or `inline` (static JSON).');

export const EndpointSchema = z
  .strictObject({
    path: z.string().describe('Path shape; a segment starting with `:` is a path parameter, e.g. /users/:id.'),
    method: z.enum(HTTP_METHODS).describe('HTTP method: GET, POST, PATCH, PUT or DELETE.'),
    response: ResponseSchema,
    status: z
      .int()
      .min(100)
      .max(599)
      .optional()
      .describe('Success status. Default: list/get/update 200, create 201, delete 204, static 200.'),
    operation: z
      .enum(OPERATIONS)
      .optional()
      .describe('list, get, create, update or delete. Inferred from method and path when absent.'),
    key: z
      .string()
      .optional()
      .describe('Column used to find a single record. Default: the last path parameter name.'),
    description: z.string().optional().describe('Free text shown in the studio.'),
  })
  .describe('One method on one path.');

export const ResourceSchema = z
  .strictObject({
    resource: z.string().describe('Schema name; generates list, get, create, update (PATCH and PUT) and delete.'),
    path: z.string().optional().describe('Collection path. Default: / plus the table name, e.g. /users.'),
    key: z.string().optional().describe('Field used in /path/:key. Default: id.'),
  })
  .describe('Shorthand for the five REST endpoints of a schema.');

export const EndpointEntrySchema = z.union([EndpointSchema, ResourceSchema]);

export const LatencySchema = z
  .union([
    z.int().min(0).max(60_000),
    z.strictObject({ min: z.int().min(0).max(60_000), max: z.int().min(0).max(60_000) }),
  ])
  .describe('Delay before each response, in ms: a number, or { min, max } for a random delay.');

export const CorsSchema = z
  .union([
    z.boolean(),
    z.strictObject({
      origin: z.union([z.string(), z.array(z.string())]).describe('Allowed origin(s); `*` for any.'),
      credentials: z.boolean().optional().describe('Send Access-Control-Allow-Credentials.'),
    }),
  ])
  .describe('CORS: true allows any origin; or { origin, credentials }. Off by default.');

export const AdminSchema = z
  .union([z.boolean(), z.strictObject({ token: z.string().min(8).describe('Bearer token for /__mockyard/.') })])
  .describe('Admin endpoints under /__mockyard/ (reset, log). Off by default; true generates a token.');

export const ServerSchema = z
  .strictObject({
    port: z.int().min(0).max(65535).optional().describe('TCP port. Default 3000; 0 picks a free port.'),
    host: z.string().optional().describe('Interface to bind. Default 127.0.0.1.'),
    database: z.string().optional().describe("SQLite file, relative to the config. Default: the config's name with .sqlite."),
    cors: CorsSchema.optional(),
    latency: LatencySchema.optional(),
    bodyLimit: z.int().min(1).optional().describe('Largest request body in bytes. Default 1048576 (1 MiB).'),
    admin: AdminSchema.optional(),
  })
  .describe('How the mock server listens. Command-line flags override these.');

export const SeedSchema = z
  .record(z.string(), z.array(z.record(z.string(), JsonValue)))
  .describe('Rows per schema name, inserted when its table is created and on reset.');

export const ConfigSchema = z
  .strictObject({
    schemas: z.record(z.string(), SchemaDefinitionSchema).optional().describe('Record shapes by capitalised singular name.'),
    endpoints: z.array(EndpointEntrySchema).describe('The HTTP endpoints: each maps a method and path to a response.'),
    server: ServerSchema.optional(),
    seed: SeedSchema.optional(),
  })
  .describe('A Mockyard config: schemas, endpoints, and optional server and seed sections.');

export type FieldObject = z.infer<typeof FieldObjectSchema>;
export type FieldDefinition = z.infer<typeof FieldSchema>;
export type SchemaDefinition = z.infer<typeof SchemaDefinitionSchema>;
export type EndpointDefinition = z.infer<typeof EndpointSchema>;
export type ResourceDefinition = z.infer<typeof ResourceSchema>;
export type EndpointEntry = z.infer<typeof EndpointEntrySchema>;
export type ServerDefinition = z.infer<typeof ServerSchema>;
export type Config = z.infer<typeof ConfigSchema>;
export type JsonValue = z.infer<typeof JsonValue>;
