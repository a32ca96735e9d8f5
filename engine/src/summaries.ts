import type { Problem } from '../../shared/src/problems.js';
import type { EndpointSummary, TableSummary } from '../../shared/src/service-summary.js';
import type { ServiceModel } from './model/service-model.js';

/** The live endpoints as the studio and the CLI list them; WebSocket and SSE ones last, as `WS` and `SSE`. */
export function summarise(model: ServiceModel): EndpointSummary[] {
  const realtime = (model.realtime ?? []).map(
    (e): EndpointSummary => ({
      method: e.kind === 'websocket' ? 'WS' : 'SSE',
      path: e.path,
      kind: e.kind,
      operation: undefined,
      schema: e.feed?.name,
      status: e.kind === 'websocket' ? 101 : 200,
      line: e.line,
    }),
  );
  const http = model.endpoints.map((e) => ({
    method: e.method,
    path: e.path,
    kind: e.kind,
    operation: e.kind === 'schema' ? e.operation : undefined,
    schema: e.kind === 'schema' ? e.schema.name : undefined,
    status: e.status,
    line: e.line,
  }));
  return [...http, ...realtime];
}

/** A problem of the apply itself (a database that cannot be opened, a port in use), placed at the top. */
export const errorProblem = (code: string, message: string): Problem => ({
  code,
  severity: 'error',
  message,
  range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
  path: [],
});

/** The live tables as the studio lists them, with what the new-row form needs per field. */
export function tableSummaries(model: ServiceModel): TableSummary[] {
  const tableOf = (schema: string): string => model.schemas.get(schema)?.table ?? schema;
  return [...model.schemas.values()].map((s) => ({
    schema: s.name,
    table: s.table,
    fields: s.fields.map((f) => ({
      name: f.name,
      type: f.type,
      required: f.required,
      unique: f.unique,
      ...(f.default === undefined ? {} : { default: f.default }),
      ...(f.autoId === undefined ? {} : { autoId: f.autoId }),
      ...(f.references === undefined
        ? {}
        : {
            references: {
              schema: f.references.schema,
              table: tableOf(f.references.schema),
              field: f.references.field,
            },
          }),
    })),
  }));
}

/** What a failed listen means for the user, with what to do about it. */
export function listenErrorMessage(err: unknown, port: number): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `Port ${port} is in use — choose another (e.g. --port ${port + 1}).`;
  if (code === 'EACCES') return `Port ${port} needs privileges; choose a port above 1023.`;
  return `Could not listen on port ${port}: ${(err as Error).message}`;
}
