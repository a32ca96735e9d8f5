// scripts/native-arch.mjs: the header reader that checks every better-sqlite3 build before it is
// packaged, on synthetic headers of each format and on the real Node build in node_modules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { elf, fat, importScript, macho, pe } from './native-fixtures.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Header {
  format: 'elf' | 'macho' | 'pe';
  platform: string;
  archs: string[];
}
interface Want {
  platform: string;
  arch: string;
  abi: number | string;
}
interface NativeArch {
  readBinaryHeader(bytes: Uint8Array): Header;
  registeredAbis(bytes: Uint8Array): number[];
  moduleProblems(bytes: Uint8Array, want: Want): string[];
  describeNativeModule(file: string): Header & { abis: number[] };
  verifyNativeModule(file: string, want: Want): void;
}
const arch = await importScript<NativeArch>(root, 'native-arch.mjs');

test('ELF: e_machine gives the CPU (x86-64, AArch64, i386, ARM), in either byte order', () => {
  assert.deepEqual(arch.readBinaryHeader(elf('x64')), { format: 'elf', platform: 'linux', archs: ['x64'] });
  assert.deepEqual(arch.readBinaryHeader(elf('arm64')).archs, ['arm64']);
  assert.deepEqual(arch.readBinaryHeader(elf('ia32')).archs, ['ia32']);
  assert.deepEqual(arch.readBinaryHeader(elf('arm')).archs, ['arm']);
  const bigEndian = elf('arm64');
  bigEndian[5] = 2;
  bigEndian.writeUInt16BE(0xb7, 18);
  assert.deepEqual(arch.readBinaryHeader(bigEndian).archs, ['arm64']);
  // x86-64's machine in a 32-bit ELF (x32) is not Node's x64.
  const x32 = elf('x64');
  x32[4] = 1;
  assert.notDeepEqual(arch.readBinaryHeader(x32).archs, ['x64']);
  const other = elf('x64');
  other.writeUInt16LE(0x1234, 18);
  assert.match(arch.readBinaryHeader(other).archs[0] ?? '', /^unknown/);
});

test('Mach-O: cputype gives the CPU; a universal (fat) file lists every slice, 32- and 64-bit fat headers', () => {
  assert.deepEqual(arch.readBinaryHeader(macho('x64')), { format: 'macho', platform: 'darwin', archs: ['x64'] });
  assert.deepEqual(arch.readBinaryHeader(macho('arm64')).archs, ['arm64']);
  assert.deepEqual(arch.readBinaryHeader(fat(['x64', 'arm64'])), {
    format: 'macho',
    platform: 'darwin',
    archs: ['x64', 'arm64'],
  });
  assert.deepEqual(arch.readBinaryHeader(fat(['arm64', 'x64'], undefined, true)).archs, ['arm64', 'x64']);
  // A Java class file shares the fat magic; its next field is a version, not a slice count.
  const javaClass = Buffer.from('cafebabe00000041', 'hex');
  assert.throws(() => arch.readBinaryHeader(javaClass), /not a Mach-O universal/);
});

test('PE: the COFF Machine after e_lfanew gives the CPU (0x8664 x64, 0xAA64 arm64, 0x14c ia32)', () => {
  assert.deepEqual(arch.readBinaryHeader(pe('x64')), { format: 'pe', platform: 'win32', archs: ['x64'] });
  assert.deepEqual(arch.readBinaryHeader(pe('arm64')).archs, ['arm64']);
  assert.deepEqual(arch.readBinaryHeader(pe('ia32')).archs, ['ia32']);
  const noPe = pe('x64');
  noPe.write('XX', 0x80, 'latin1');
  assert.throws(() => arch.readBinaryHeader(noPe), /without a PE header/);
  const pastEnd = pe('x64').subarray(0, 0x60);
  assert.throws(() => arch.readBinaryHeader(pastEnd), /without a PE header/);
});

test('anything else is refused, not guessed', () => {
  assert.throws(() => arch.readBinaryHeader(Buffer.from('#!/bin/sh\necho hi\n')), /unknown header/);
  assert.throws(() => arch.readBinaryHeader(Buffer.alloc(3)), /shorter/);
  assert.throws(() => arch.readBinaryHeader(Buffer.from('7f454c46020100', 'hex')), /shorter|truncated/);
});

test('the ABI is the N of the exported node_register_module_vN (with the Mach-O underscore too)', () => {
  assert.deepEqual(arch.registeredAbis(elf('x64', 150)), [150]);
  assert.deepEqual(arch.registeredAbis(macho('arm64', 140)), [140]);
  assert.deepEqual(arch.registeredAbis(pe('arm64', 150)), [150]);
  assert.deepEqual(arch.registeredAbis(elf('x64')), []);
});

test('moduleProblems names each mismatch: OS, CPU, slices of a universal file, ABI', () => {
  const want = { platform: 'win32', arch: 'arm64', abi: '150' };
  assert.deepEqual(arch.moduleProblems(pe('arm64', 150), want), []);
  assert.deepEqual(arch.moduleProblems(pe('x64', 150), want), ['it is built for x64, not arm64']);
  assert.match(arch.moduleProblems(pe('arm64', 115), want).join(), /ABI 115, not 150/);
  assert.match(arch.moduleProblems(pe('arm64'), want).join(), /no Node ABI/);
  assert.match(arch.moduleProblems(elf('arm64', 150), want).join(), /elf binary \(linux\), not one for win32/);
  const universal = { platform: 'darwin', arch: 'universal', abi: 150 };
  assert.deepEqual(arch.moduleProblems(fat(['arm64', 'x64'], 150), universal), []);
  assert.match(arch.moduleProblems(macho('x64', 150), universal).join(), /x64, not arm64 \+ x64/);
  assert.match(arch.moduleProblems(fat(['x64', 'arm64'], 150), { ...universal, arch: 'x64' }).join(), /arm64 \+ x64/);
  assert.match(arch.moduleProblems(Buffer.from('not a binary'), want).join(), /unknown header/);
});

test('the real Node build of better-sqlite3 in node_modules: this OS, this CPU, Node’s ABI, not Electron’s', () => {
  const file = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  const formats: Record<string, string> = { linux: 'elf', darwin: 'macho', win32: 'pe' };
  const described = arch.describeNativeModule(file);
  assert.equal(described.format, formats[process.platform]);
  assert.equal(described.platform, process.platform);
  assert.deepEqual(described.archs, [process.arch]);
  assert.deepEqual(described.abis, [Number(process.versions.modules)]);
  const node = { platform: process.platform, arch: process.arch, abi: process.versions.modules };
  arch.verifyNativeModule(file, node);
  const electronAbi = readFileSync(join(root, 'node_modules/electron/abi_version'), 'utf8').trim();
  assert.notEqual(electronAbi, process.versions.modules);
  // What scripts/native-sqlite.mjs catches when npm's nodedir makes node-gyp use Node's headers.
  assert.throws(
    () => arch.verifyNativeModule(file, { ...node, abi: electronAbi }),
    new RegExp(`registers for Node ABI ${process.versions.modules}, not ${electronAbi}`),
  );
  const otherArch = process.arch === 'arm64' ? 'x64' : 'arm64';
  assert.throws(() => arch.verifyNativeModule(file, { ...node, arch: otherArch }), /it is built for/);
});
