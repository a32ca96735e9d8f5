// Synthetic native-module headers for the packaging tests: the few bytes each format's loader (and
// scripts/native-arch.mjs) reads, followed by the symbol a Node addon exports for its ABI.
import { pathToFileURL } from 'node:url';

export type Format = 'elf' | 'macho' | 'pe';

const ELF: Record<string, number> = { x64: 0x3e, arm64: 0xb7, ia32: 0x03, arm: 0x28 };
const MACHO: Record<string, number> = { x64: 0x01000007, arm64: 0x0100000c, ia32: 0x7, arm: 0xc };
const PE: Record<string, number> = { x64: 0x8664, arm64: 0xaa64, ia32: 0x14c, arm: 0x1c4 };

function code(table: Record<string, number>, arch: string): number {
  const value = table[arch];
  if (value === undefined) throw new Error(`no fixture for ${arch}`);
  return value;
}

const symbol = (abi: number | string | undefined, prefix = ''): Buffer =>
  abi === undefined ? Buffer.alloc(0) : Buffer.from(`\0${prefix}node_register_module_v${abi}\0`, 'latin1');

/** A 64-bit little-endian ELF shared object's header (32-bit for ia32 and arm, as real ones are). */
export function elf(arch: string, abi?: number | string): Buffer {
  const head = Buffer.alloc(64);
  head.writeUInt32BE(0x7f454c46, 0);
  head[4] = arch === 'ia32' || arch === 'arm' ? 1 : 2; // EI_CLASS
  head[5] = 1; // EI_DATA: little-endian
  head[6] = 1; // EI_VERSION
  head.writeUInt16LE(3, 16); // e_type: ET_DYN
  head.writeUInt16LE(code(ELF, arch), 18); // e_machine
  return Buffer.concat([head, symbol(abi)]);
}

/** A thin Mach-O dylib's header (MH_MAGIC_64, little-endian). */
export function macho(arch: string, abi?: number | string): Buffer {
  const head = Buffer.alloc(32);
  head.writeUInt32LE(0xfeedfacf, 0);
  head.writeUInt32LE(code(MACHO, arch), 4); // cputype
  head.writeUInt32LE(6, 12); // filetype: MH_DYLIB
  return Buffer.concat([head, symbol(abi, '_')]);
}

/** A universal (fat) Mach-O: big-endian fat header and one fat_arch (or fat_arch_64) per slice. */
export function fat(archs: string[], abi?: number | string, wide = false): Buffer {
  const size = wide ? 32 : 20;
  const head = Buffer.alloc(8 + archs.length * size);
  head.writeUInt32BE(wide ? 0xcafebabf : 0xcafebabe, 0);
  head.writeUInt32BE(archs.length, 4);
  archs.forEach((arch, i) => {
    head.writeUInt32BE(code(MACHO, arch), 8 + i * size);
  });
  return Buffer.concat([head, ...archs.map((arch) => macho(arch, abi))]);
}

/** A PE DLL: DOS header whose e_lfanew points past a stub to "PE\0\0" and the COFF Machine. */
export function pe(arch: string, abi?: number | string): Buffer {
  const head = Buffer.alloc(0x100);
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(0x80, 0x3c); // e_lfanew
  head.write('PE\0\0', 0x80, 'latin1');
  head.writeUInt16LE(code(PE, arch), 0x84);
  return Buffer.concat([head, symbol(abi)]);
}

/** A module as the given platform's toolchain would produce it. */
export function moduleFor(platform: string, arch: string, abi?: number | string): Buffer {
  if (platform === 'darwin') return macho(arch, abi);
  if (platform === 'win32') return pe(arch, abi);
  return elf(arch, abi);
}

/** Imports one of scripts/*.mjs (plain JavaScript, outside the TypeScript projects) with the given type. */
export async function importScript<T>(root: string, name: string): Promise<T> {
  return (await import(pathToFileURL(`${root}/scripts/${name}`).href)) as T;
}
