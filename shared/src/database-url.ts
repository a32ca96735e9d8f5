/** True for a PostgreSQL connection URL (`postgres://` or `postgresql://`); anything else names a SQLite file. */
export const isPostgresUrl = (database: string): boolean => /^postgres(?:ql)?:\/\//i.test(database);

/** The PostgreSQL schema a config's tables live in when `server.schema` does not say. */
export const DEFAULT_PG_SCHEMA = 'mockyard';

/** `scheme://user:` then the password up to the last `@` before the host (a password may hold an unescaped `@`). */
const URL_PASSWORD = /\b(postgres(?:ql)?:\/\/[^\s:@/?#]*):[^\s/?#]*@/gi;
/** A password given as a query parameter (`?password=…`, which pg reads too). */
const QUERY_PASSWORD = /(\bpostgres(?:ql)?:\/\/[^\s]*?[?&]password=)[^\s&#]*/gi;

/**
 * `text` with the password of every PostgreSQL URL in it replaced by `***`, for anything a person
 * or a log may see: `postgres://app:s3cret@db:5432/shop` → `postgres://app:***@db:5432/shop`.
 * File paths and URLs without a password are left as they are.
 */
export const redactPasswords = (text: string): string =>
  text.replace(URL_PASSWORD, '$1:***@').replace(QUERY_PASSWORD, '$1***');
