#!/usr/bin/env node
// Makes every icon from assets/icon.svg: PNGs for Linux (512 and smaller), icon.icns for macOS and
// icon.ico for Windows. Run after changing the SVG (`npm run icons`); the outputs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const assets = join(dirname(fileURLToPath(import.meta.url)), '../assets');
const svg = readFileSync(join(assets, 'icon.svg'));
const render = (size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

for (const size of [16, 32, 64, 128, 256, 512]) writeFileSync(join(assets, `icon-${size}.png`), render(size));
const large = render(1024);
writeFileSync(join(assets, 'icon.icns'), png2icons.createICNS(large, png2icons.BICUBIC, 0));
writeFileSync(join(assets, 'icon.ico'), png2icons.createICO(large, png2icons.BICUBIC, 0, false, true));
console.log(`icons written to ${assets}`);
