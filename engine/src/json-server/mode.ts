/**
 * json-server mode (`mockyard serve db.json`): the options json-server 0.17's command line takes that
 * change how requests are answered, and the habits of its answers that differ from Mockyard's own.
 */
import type { JsonValue } from '../../../shared/src/config-schema.js';

export interface JsonServerMode {
  /** `--read-only`: every write is answered 403 `{}`. */
  readOnly: boolean;
  /** `--routes routes.json`: rewrite rules, `/api/*` → `/$1`, applied to each request's URL before routing. */
  routes: readonly RewriteRule[];
  /** The rules compiled (rewrite.ts): a request URL as the rules rewrite it. */
  rewrite: ((url: string) => string) | undefined;
  /** `--static DIR`: files served from this directory (absolute) for GET paths no route has. */
  staticDir: string | undefined;
  /** The collections and singular resources of the db.json, for GET /db: name → schema name. */
  collections: ReadonlyMap<string, string>;
  singulars: ReadonlyMap<string, string>;
  /**
   * The db.json's rows by schema name, the seed of the tables the mode creates (and of a reset).
   * Kept out of the config text, so a db.json of any size is not parsed again as YAML (nor held to
   * the config's 5 MiB), and checked by each insert as a create is.
   */
  seed: ReadonlyMap<string, Record<string, JsonValue>[]>;
}

/** One rewrite rule: the request URL pattern it matches and what it becomes. */
export interface RewriteRule {
  from: string;
  to: string;
}
