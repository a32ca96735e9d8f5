/**
 * The Mockyard config document, declared once with zod. The TypeScript types, the runtime
 * validation and the JSON Schema used by editors all come from these definitions.
 */
import { z } from 'zod/mini';
import { FaultSchema, LatencySchema } from './effect-schema.js';
import { SseEndpointSchema, WebSocketEndpointSchema } from './realtime-schema.js';
import { ServerSchema } from './server-schema.js';
import { described, httpStatus, intIn, optional, pathShape, studioDescription } from './schema-parts.js';

export const FIELD_TYPES = ['number', 'integer', 'string', 'boolean', 'datetime', 'json'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export const OPERATIONS = ['list', 'get', 'create', 'update', 'delete'] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
export type HttpMethod = (typeof HTTP_METHODS)[number];
export type Operation = (typeof OPERATIONS)[number];
export const ON_DELETE = ['cascade', 'restrict'] as const;
export type OnDelete = (typeof ON_DELETE)[number];

const JsonValue = z.json();

export const FieldTypeSchema = described(
  z.enum(FIELD_TYPES),
  'Field type: number, integer, string, boolean, datetime (ISO-8601 text) or json (any JSON value).',
);

export const FieldObjectSchema = described(
  z.strictObject({
    type: FieldTypeSchema,
    required: optional(z.boolean(), 'Reject creates and replaces that leave this field out. Default false.'),
    unique: optional(z.boolean(), 'No two records may share a value; a duplicate gives 409. Default false.'),
    default: optional(JsonValue, 'Value stored when a create leaves this field out.'),
    description: studioDescription(),
    references: optional(
      z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/)),
      'The record this field points at: a schema name (its `id`), or Schema.field for another unique field, e.g. `User` or `User.slug`. Enables `_expand` and `_embed`.',
    ),
    as: optional(
      z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)),
      'Name of the referenced record under `_expand`. Default: the field name without `Id` (authorId -> author).',
    ),
    onDelete: optional(
      z.enum(ON_DELETE),
      'When the referenced record is deleted: `cascade` deletes this record too, `restrict` refuses the delete with 409. Default: the delete is allowed and this field keeps its value.',
    ),
    renamedFrom: optional(
      z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/)),
      'The field’s old name: its column is renamed once, keeping every value. Harmless once done.',
    ),
  }),
  'A field with options.',
);

export const FieldSchema = described(
  z.union([FieldTypeSchema, FieldObjectSchema]),
  'A field: a type name, or an object { type, required, unique, default, description, references, as, onDelete }.',
);

export const SchemaDefinitionSchema = described(
  z.strictObject({
    description: studioDescription(),
    renamedFrom: optional(
      z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]*$/)),
      'The schema’s old name: its table is renamed once, keeping every row. Harmless once done.',
    ),
    properties: described(
      z.record(z.string(), FieldSchema),
      'The fields of a record: field name to type. A field named `id` is the primary key.',
    ),
  }),
  'A record shape. It is stored in the table named after it (User -> users).',
);

const TemplatedHeaders = described(
  z.record(z.string(), z.string()),
  'Response headers by name; values may hold {{ … }} templates.',
);

export const ResponseSchema = described(
  z.strictObject({
    schema: optional(z.string(), 'Name of a schema under `schemas:`; makes the endpoint database-backed.'),
    type: optional(z.literal('array'), '`array` makes the response a list of records.'),
    inline: optional(
      JsonValue,
      'JSON returned as written; any string may hold {{ … }} templates (a string that is exactly one tag keeps the type of its value).',
    ),
    body: optional(
      z.string(),
      'A whole-body Handlebars template (loops, non-JSON output), sent as written with `contentType`.',
    ),
    contentType: optional(z.string(), 'Content-Type of a `body` template. Default application/json.'),
    headers: optional(TemplatedHeaders),
  }),
  'What the endpoint returns: `schema` (database-backed), `inline` (JSON, may hold templates) or `body` (a text template).',
);

/** A scenario or state name: what a rule, `setScenario`, a template and the admin API call it. */
const SCENARIO_NAME = /^[A-Za-z_][\w-]{0,63}$/;
const ScenarioState = z.string().check(z.minLength(1), z.maxLength(200));

export const ScenariosSchema = described(
  z.record(z.string().check(z.regex(SCENARIO_NAME)), ScenarioState),
  'Scenarios by name, each with its start state, e.g. order: started. Rules test `scenario.<name>`; `setScenario` moves it.',
);

export const SetScenarioSchema = described(
  z.record(z.string(), ScenarioState),
  'Scenario states to set once this answer is chosen, e.g. { order: paid }.',
);

export const CallbackSchema = described(
  z.strictObject({
    url: described(
      z.string(),
      'Where to send it: an http(s) URL whose origin is written out; templates only in its path and query.',
    ),
    method: optional(z.enum(HTTP_METHODS), 'HTTP method. Default POST.'),
    delay: optional(intIn(0, 60_000), 'Milliseconds to wait after the response before sending. Default 0.'),
    timeout: optional(intIn(1, 60_000), 'Milliseconds to wait for the receiver. Default 5000.'),
    headers: optional(
      described(
        z.record(z.string(), z.string()),
        'Request headers; values may hold templates over request and response.',
      ),
    ),
    body: optional(
      described(
        z.strictObject({
          inline: optional(JsonValue, 'JSON sent; strings may hold templates over request and response.'),
          body: optional(z.string(), 'A text template sent as written.'),
          contentType: optional(z.string(), 'Content-Type of the body. Default application/json.'),
        }),
        'The body sent: `inline` JSON or a `body` text template.',
      ),
    ),
  }),
  'A webhook sent after the response: templates see `request` and `response` (status, headers, body).',
);

const ConditionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ConditionSchema = described(
  z.union([
    ConditionValue,
    z.strictObject({
      regex: optional(z.string(), 'The value (as text) matches this regular expression.'),
      in: optional(z.array(ConditionValue), 'The value (as text) is one of these.'),
      present: optional(z.boolean(), 'true: the value is sent; false: it is not.'),
      gt: optional(z.number(), 'The value is a number greater than this.'),
      gte: optional(z.number(), 'The value is a number greater than or equal to this.'),
      lt: optional(z.number(), 'The value is a number less than this.'),
      lte: optional(z.number(), 'The value is a number less than or equal to this.'),
    }),
  ]),
  'A plain value (equal as text), or { regex }, { in: [...] }, { present: true|false }, { gt, gte, lt, lte }.',
);

export const RuleResponseSchema = described(
  z.strictObject({
    inline: optional(JsonValue, 'JSON answered instead of the endpoint’s response; strings may hold templates.'),
    body: optional(z.string(), 'A whole-body text template answered instead of the endpoint’s response.'),
    contentType: optional(z.string(), 'Content-Type of a `body` template. Default application/json.'),
    headers: optional(TemplatedHeaders),
  }),
  'What the rule answers: `inline` JSON or a `body` template.',
);

export const RuleSchema = described(
  z.strictObject({
    when: described(
      z.record(z.string(), ConditionSchema),
      'Conditions that must all hold, by target: params.<name>, query.<name>, headers.<name>, body.<path>, method.',
    ),
    status: optional(httpStatus(), 'Status of the answer.'),
    response: optional(RuleResponseSchema),
    headers: optional(TemplatedHeaders),
    latency: optional(LatencySchema),
    fault: optional(FaultSchema),
    setScenario: optional(SetScenarioSchema),
    callbacks: optional(z.array(CallbackSchema), 'Webhooks sent after the rule’s answer (instead of the endpoint’s).'),
    description: studioDescription(),
  }),
  'A rule: when its conditions hold (the first such rule wins), it supplies status, response, headers, latency or fault.',
);

export const EndpointSchema = described(
  z.strictObject({
    path: pathShape(', e.g. /users/:id; it may end in a literal suffix, e.g. /accounts/:sid.json'),
    method: described(z.enum(HTTP_METHODS), 'HTTP method: GET, POST, PATCH, PUT or DELETE.'),
    response: ResponseSchema,
    status: optional(httpStatus(), 'Success status. Default: list/get/update 200, create 201, delete 204, static 200.'),
    operation: optional(
      z.enum(OPERATIONS),
      'list, get, create, update or delete. Inferred from method and path when absent.',
    ),
    key: optional(z.string(), 'Column used to find a single record. Default: the last path parameter name.'),
    description: studioDescription(),
    rules: optional(
      z.array(RuleSchema),
      'Rules tried in order; the first whose `when` holds supplies status, response, headers, latency or fault.',
    ),
    latency: optional(LatencySchema),
    fault: optional(FaultSchema),
    setScenario: optional(SetScenarioSchema),
    callbacks: optional(z.array(CallbackSchema), 'Webhooks sent after the response.'),
  }),
  'One method on one path.',
);

export const ResourceSchema = described(
  z.strictObject({
    resource: described(z.string(), 'Schema name; generates list, get, create, update (PATCH and PUT) and delete.'),
    path: optional(z.string(), 'Collection path. Default: / plus the table name, e.g. /users.'),
    key: optional(z.string(), 'Field used in /path/:key. Default: id.'),
  }),
  'Shorthand for the six REST endpoints of a schema: GET and POST on the collection, GET, PATCH, PUT and DELETE on an item.',
);

/** An entry of `endpoints:`; the realtime ones (`websocket:`, `sse:`) are in realtime-schema.ts. */
export const EndpointEntrySchema = z.union([
  EndpointSchema,
  ResourceSchema,
  WebSocketEndpointSchema,
  SseEndpointSchema,
]);

export const SeedSchema = described(
  z.record(z.string(), z.array(z.record(z.string(), JsonValue))),
  'Rows per schema name, inserted when its table is created and on reset.',
);

export const ConfigSchema = described(
  z.strictObject({
    schemas: optional(z.record(z.string(), SchemaDefinitionSchema), 'Record shapes by capitalised singular name.'),
    endpoints: described(
      z.array(EndpointEntrySchema),
      'The HTTP endpoints: each maps a method and path to a response.',
    ),
    server: optional(ServerSchema),
    seed: optional(SeedSchema),
    scenarios: optional(ScenariosSchema),
  }),
  'A Mockyard config: schemas, endpoints, and optional server and seed sections.',
);

export type FieldObject = z.infer<typeof FieldObjectSchema>;
export type FieldDefinition = z.infer<typeof FieldSchema>;
export type SchemaDefinition = z.infer<typeof SchemaDefinitionSchema>;
export type EndpointDefinition = z.infer<typeof EndpointSchema>;
export type ResourceDefinition = z.infer<typeof ResourceSchema>;
export type EndpointEntry = z.infer<typeof EndpointEntrySchema>;
export type ServerDefinition = z.infer<typeof ServerSchema>;
export type Config = z.infer<typeof ConfigSchema>;
export type JsonValue = z.infer<typeof JsonValue>;
export type LatencyDefinition = z.infer<typeof LatencySchema>;
export type FaultDefinition = z.infer<typeof FaultSchema>;
export type ConditionDefinition = z.infer<typeof ConditionSchema>;
export type RuleDefinition = z.infer<typeof RuleSchema>;
export type CallbackDefinition = z.infer<typeof CallbackSchema>;
