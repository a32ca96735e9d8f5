#!/usr/bin/env node
import { main } from '../dist/cli/src/main.js';

await main(process.argv.slice(2));
