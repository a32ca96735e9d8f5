/**
 * The compiled, validated service: what the config means, with every default filled in.
 * Built once per config version; the store and the HTTP layer read only this.
 */
import type { FieldType, HttpMethod, JsonValue, OnDelete, Operation } from '../../../shared/src/config-schema.js';
import type { Range } from '../../../shared/src/problems.js';
import type { DynamicModel, LatencyModel } from './dynamic-model.js';
import type { RealtimeModel } from '../realtime/realtime-model.js';

export type { LatencyModel } from './dynamic-model.js';

export interface FieldModel {
  name: string;
  type: FieldType;
  required: boolean;
  unique: boolean;
  default: JsonValue | undefined;
  /** `id` of type number/integer is an auto-assigned integer key; `id` of type string gets a UUID. */
  autoId: 'integer' | 'uuid' | undefined;
  /** `references:`, present only on a field that declares one. */
  references?: ReferenceModel;
}

/** A field's `references: User` (or `User.slug`), resolved: it holds the value of `field` of a `schema` record. */
export interface ReferenceModel {
  schema: string;
  /** The referenced schema's key or one of its unique fields. */
  field: string;
  /** The referenced record's name under `_expand`: `as:`, else the field name without `Id`. */
  as: string;
  /** What deleting the referenced record does to this one; undefined: nothing (the delete is allowed). */
  onDelete: OnDelete | undefined;
}

/**
 * A relation a request can follow from one schema: `_expand=author` on Post (this `column` is the
 * reference, `otherColumn` the referenced key) or `_embed=posts` on User (this `column` is the
 * referenced key, `otherColumn` the referencing field of `other`).
 */
export interface RelationModel {
  name: string;
  kind: 'expand' | 'embed';
  column: string;
  other: SchemaModel;
  otherColumn: string;
  /** For an embed: what deleting this schema's record does to the referencing ones. */
  onDelete?: OnDelete | undefined;
}

export interface SchemaModel {
  name: string;
  table: string;
  fields: FieldModel[];
  fieldMap: ReadonlyMap<string, FieldModel>;
  /** The `id` field, the table's primary key, when the schema has one. */
  idField: FieldModel | undefined;
  /** Columns an endpoint looks records up by; each gets an index. */
  lookupColumns: Set<string>;
  /** Where the schema is declared, for problems found later (e.g. by a migration). */
  range: Range;
  /** `_expand` names (the references of this schema's fields), and `_embed` names (the schemas referencing it). */
  expands: ReadonlyMap<string, RelationModel>;
  embeds: ReadonlyMap<string, RelationModel>;
}

/** A path parameter and the column it filters on. */
export interface ParamBinding {
  param: string;
  column: string;
}

interface EndpointBase {
  method: HttpMethod;
  path: string;
  status: number;
  /** Line in the config where this endpoint is declared. */
  line: number;
  /** Index in `endpoints:` of the entry that declared it (a resource declares six). */
  entry: number;
  /** Templates, rules, latency or faults; undefined for an endpoint with none (it is served as before). */
  dynamic?: DynamicModel | undefined;
}

export interface StaticEndpoint extends EndpointBase {
  kind: 'static';
  body: JsonValue;
}

export interface SchemaEndpoint extends EndpointBase {
  kind: 'schema';
  operation: Operation;
  schema: SchemaModel;
  /** Every path parameter with its column; the last one is the lookup key for get/update/delete. */
  params: ParamBinding[];
}

export type EndpointModel = StaticEndpoint | SchemaEndpoint;

export interface CorsModel {
  origins: '*' | string[];
  credentials: boolean;
}

export interface ServerModel {
  /** The port to listen on: the config's, a --port or studio override, or the default. */
  port: number;
  /** The config's own `server.port`, whatever overrides it (the studio tells the two apart). */
  declaredPort?: number;
  host: string;
  /** Absolute path of the SQLite file, ':memory:', or a PostgreSQL URL. */
  database: string;
  /** The PostgreSQL schema of the tables (unused for SQLite). */
  schema: string;
  cors: CorsModel | undefined;
  latency: LatencyModel | undefined;
  bodyLimit: number;
  /** The admin token, or undefined when the admin API is off. */
  adminToken: string | undefined;
  /** `server.admin.hosts`, lower case: Host names a proxy on this machine may send the admin API. */
  adminHosts?: readonly string[];
  /** `server.seed`: makes fault rates, random latency and template helpers reproducible. */
  seed?: number | undefined;
  /** `server.openapi`: GET /__mockyard/openapi.json without a token. */
  openapi?: boolean;
  /** `server.proxy` (or --proxy): where requests that match no endpoint are forwarded. */
  proxy?: string;
  /** `server.proxyTimeout`: ms the proxy waits for the upstream before a 504. */
  proxyTimeout?: number;
  /** `server.callbacks: false` turns every callback off. */
  callbacks?: boolean;
}

export interface ServiceModel {
  schemas: ReadonlyMap<string, SchemaModel>;
  endpoints: EndpointModel[];
  server: ServerModel;
  seed: ReadonlyMap<string, Record<string, JsonValue>[]>;
  /** `scenarios:`: each scenario's start state. */
  scenarios?: ReadonlyMap<string, string>;
  /** The `websocket:` and `sse:` endpoints (realtime/). */
  realtime?: RealtimeModel[];
}

export const endpointName = (e: { method: string; path: string }): string => `${e.method} ${e.path}`;
