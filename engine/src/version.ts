import { readFileSync } from 'node:fs';
import { fromPackage } from './package-root.js';

/** Mockyard's version, from its package.json. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(fromPackage('package.json'), 'utf8')) as { version: string }).version;
