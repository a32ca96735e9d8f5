#!/usr/bin/env node
// The bundled CLI (npm run build makes it); the plain TypeScript output serves if it is missing.
import { statSync } from 'node:fs';

const bundle = new URL('../dist/cli-bundle/main.js', import.meta.url);
const compiled = new URL('../dist/cli/src/main.js', import.meta.url);
const mtime = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? 0;
// The bundle unless a later `tsc -b` left it behind the compiled output (a developer's rebuild).
const { main } = await import(mtime(bundle) >= mtime(compiled) ? bundle.href : compiled.href);
await main(process.argv.slice(2));
