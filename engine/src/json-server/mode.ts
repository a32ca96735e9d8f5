/**
 * json-server mode (`mockyard serve db.json`): the options json-server 0.17's command line takes that
 * change how requests are answered, and the habits of its answers that differ from Mockyard's own.
 */
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
}

/** One rewrite rule: the request URL pattern it matches and what it becomes. */
export interface RewriteRule {
  from: string;
  to: string;
}
