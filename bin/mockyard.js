#!/usr/bin/env node
// The bundled CLI (npm run build makes it); the plain TypeScript output serves if it is missing.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/cli-bundle/main.js', import.meta.url);
const { main } = await import(existsSync(bundle) ? bundle.href : '../dist/cli/src/main.js');
await main(process.argv.slice(2));
