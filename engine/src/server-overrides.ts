import type { EngineOptions } from './engine-api.js';
import type { ServiceModel } from './model/service-model.js';

/** The CLI's --port, --host, --db, --schema and --proxy (and --admin's token) win over the config's `server:`. */
export function overrideServer(server: ServiceModel['server'], options: EngineOptions, adminToken: () => string): void {
  if (options.port !== undefined) server.port = options.port;
  if (options.host !== undefined) server.host = options.host;
  if (options.database !== undefined) server.database = options.database;
  if (options.schema !== undefined) server.schema = options.schema;
  if (options.proxy !== undefined) server.proxy = options.proxy;
  if (options.admin && !server.adminToken) server.adminToken = adminToken();
  if (options.jsonServer) server.jsonServer = options.jsonServer;
}
