/** What the studio and the CLI show of a running config, without the engine's internals. */
export interface EndpointSummary {
  method: string;
  path: string;
  kind: 'static' | 'schema';
  operation: string | undefined;
  schema: string | undefined;
  status: number;
  /** Line in the config where the endpoint is declared. */
  line: number;
}

export interface TableSummary {
  schema: string;
  table: string;
  fields: { name: string; type: string }[];
}
