import { readFileSync } from 'node:fs';

/** Mockyard's version, from the package.json the build sits beside (dist/engine/src → root). */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
