/** What the studio and the CLI show of a running config, without the engine's internals. */
import type { JsonValue } from './config-schema.js';

export interface EndpointSummary {
  /** An HTTP method, or `WS` / `SSE` for a WebSocket or Server-Sent Events endpoint. */
  method: string;
  path: string;
  kind: 'static' | 'schema' | 'websocket' | 'sse';
  operation: string | undefined;
  schema: string | undefined;
  status: number;
  /** Line in the config where the endpoint is declared. */
  line: number;
}

/**
 * One column of a table. A live schema's field says how it is written (the new-row form marks
 * required fields, fills in defaults and shows an auto id as "auto"); a table left by a removed
 * schema knows only names and SQLite types, so the rest is absent there.
 */
export interface FieldSummary {
  name: string;
  type: string;
  required?: boolean;
  unique?: boolean;
  /** The value a create without this field stores. */
  default?: JsonValue;
  /** The database assigns it: an integer key counts up, a string key gets a UUID. */
  autoId?: 'integer' | 'uuid';
  /** `references:`: the field holds the `field` value of a record of `table` (the data browser links it). */
  references?: { schema: string; table: string; field: string };
}

export interface TableSummary {
  schema: string;
  table: string;
  fields: FieldSummary[];
}
