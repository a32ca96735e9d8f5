#!/usr/bin/env node
// The bundled CLI (npm run build makes it), as CommonJS: Node starts it faster than an ES module
// (no ES module loader to set up, ~7 ms of a ~110 ms start). A later `tsc -b` without the bundle step
// leaves the plain TypeScript output (an ES module) newer, and then that serves.
'use strict';
const { statSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');

const bundle = join(__dirname, '../dist/cli-bundle/main.cjs');
const compiled = join(__dirname, '../dist/cli/src/main.js');
const mtime = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const args = process.argv.slice(2);
if (mtime(bundle) >= mtime(compiled)) {
  // The bundle's bytecode from an earlier run, when there is one (see compile-cache.cjs).
  require('./compile-cache.cjs').install(dirname(bundle), module);
  require(bundle).main(args);
} else import(pathToFileURL(compiled).href).then(({ main }) => main(args));
