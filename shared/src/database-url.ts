/** True for a PostgreSQL connection URL (`postgres://` or `postgresql://`); anything else names a SQLite file. */
export const isPostgresUrl = (database: string): boolean => /^postgres(?:ql)?:\/\//i.test(database);

/** The PostgreSQL schema a config's tables live in when `server.schema` does not say. */
export const DEFAULT_PG_SCHEMA = 'mockyard';
