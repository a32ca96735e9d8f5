import { isAbsolute, join, parse, resolve } from 'node:path';
import type { ServerDefinition } from '../../../shared/src/config-schema.js';
import { ServerSchema } from '../../../shared/src/server-schema.js';
import { messages } from '../../../shared/src/messages.js';
import { DEFAULT_PG_SCHEMA, isPostgresUrl } from '../../../shared/src/database-url.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { ServerModel } from '../model/service-model.js';
import type { ConfigSource } from './source.js';
import { withFix } from './fixes.js';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';
/** Largest request body the mock reads (`server.bodyLimit`), in bytes; larger ones get 413. */
export const DEFAULT_REQUEST_BODY_BYTES = 1024 * 1024;

/**
 * Loopback names and addresses (localhost, 127.0.0.0/8, ::1): only this machine reaches a server
 * bound to one. Anything else (0.0.0.0, ::, a LAN address, a host name) is reachable from others.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(h) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

export interface ServerOptions {
  /** Path of the config file; relative database paths resolve against its folder. */
  configPath?: string | undefined;
  /** Token used when the config says `admin: true`; the engine keeps it stable across reloads. */
  adminToken?: string | undefined;
  /** Port when the config sets none (the studio's preference); otherwise 3000. */
  defaultPort?: number | undefined;
}

/** The database file for a config: `server.database` relative to the config, or `<config name>.sqlite` beside it. */
export function databasePathFor(configPath: string | undefined, declared: string | undefined): string {
  if (declared === ':memory:' || (declared !== undefined && isPostgresUrl(declared))) return declared;
  if (declared !== undefined) {
    if (isAbsolute(declared)) return declared;
    return resolve(configPath ? parse(resolve(configPath)).dir : process.cwd(), declared);
  }
  if (!configPath) return ':memory:';
  const { dir, name } = parse(resolve(configPath));
  return join(dir, `${name.replace(/\.mockyard$/, '')}.sqlite`);
}

/**
 * The `server:` section, keeping every option that is valid on its own: one bad option (reported
 * by the structure check) must not hide the checks of the others, such as latency min > max.
 */
function parseServer(raw: unknown, checked: ServerDefinition | undefined): ServerDefinition {
  if (checked) return checked;
  const parsed = ServerSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const server: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(ServerSchema.shape)) {
    const value = option.safeParse((raw as Record<string, unknown>)[key]);
    if (value.success && value.data !== undefined) server[key] = value.data;
  }
  return server as ServerDefinition;
}

export function compileServer(
  source: ConfigSource,
  raw: unknown,
  options: ServerOptions,
  problems: Problem[],
  /** The section as the structure check parsed it, when the whole document fits. */
  checked?: ServerDefinition,
): ServerModel {
  const server = parseServer(raw, checked);
  const host = server.host ?? DEFAULT_HOST;
  if (!isLoopbackHost(host)) {
    const problem = source.problemAt(['server', 'host'], 'bindPublic', messages.bindPublic(host), 'warning');
    // The message proposes 127.0.0.1; the fix writes it where the config set the host.
    problems.push(server.host === undefined ? problem : withFix(problem, '127.0.0.1', 'Listen on 127.0.0.1 only'));
  }
  let latency: ServerModel['latency'];
  if (typeof server.latency === 'number')
    latency = server.latency > 0 ? { min: server.latency, max: server.latency } : undefined;
  else if (server.latency) {
    if (server.latency.min > server.latency.max) {
      problems.push(source.problemAt(['server', 'latency'], 'latencyMinAboveMax', messages.latencyMinAboveMax()));
    }
    latency = server.latency;
  }
  const cors =
    server.cors === true
      ? { origins: '*' as const, credentials: false }
      : server.cors && typeof server.cors === 'object'
        ? {
            origins: server.cors.origin === '*' ? ('*' as const) : ([] as string[]).concat(server.cors.origin),
            credentials: server.cors.credentials === true,
          }
        : undefined;
  const adminToken =
    server.admin === true
      ? options.adminToken
      : server.admin && typeof server.admin === 'object'
        ? server.admin.token
        : undefined;
  const adminHosts =
    server.admin && typeof server.admin === 'object' ? server.admin.hosts?.map((h) => h.toLowerCase()) : undefined;
  return {
    port: server.port ?? options.defaultPort ?? DEFAULT_PORT,
    ...(server.port !== undefined ? { declaredPort: server.port } : {}),
    host,
    database: databasePathFor(options.configPath, server.database),
    schema: server.schema ?? DEFAULT_PG_SCHEMA,
    cors,
    latency,
    bodyLimit: server.bodyLimit ?? DEFAULT_REQUEST_BODY_BYTES,
    adminToken,
    ...(adminHosts?.length ? { adminHosts } : {}),
    ...(server.seed !== undefined ? { seed: server.seed } : {}),
    ...(server.openapi === true ? { openapi: true } : {}),
    ...(server.proxy !== undefined ? { proxy: server.proxy } : {}),
    ...(server.proxyTimeout !== undefined ? { proxyTimeout: server.proxyTimeout } : {}),
    ...(server.callbacks === false ? { callbacks: false } : {}),
    ...(server.graphql ? { graphql: server.graphql === true ? '/graphql' : server.graphql } : {}),
    ...(server.allowDelayParam === true ? { allowDelayParam: true } : {}),
  };
}
