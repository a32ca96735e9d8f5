// What a native module (.node) was built for, read from its binary header: the format (ELF on
// Linux, Mach-O on macOS, PE on Windows), the CPU architecture(s) in Node's names (`process.arch`),
// and the Node ABI(s) it registers for (`node_register_module_v<abi>`, exported by NODE_MODULE_INIT).
// Used by scripts/native-sqlite.mjs to check every build before it is packaged: a build can
// "succeed" for the wrong runtime or the wrong CPU and would only fail on the user's machine.
import { readFileSync } from 'node:fs';

/** ELF e_machine values (System V ABI). */
const ELF_MACHINES = new Map([
  [0x03, 'ia32'],
  [0x28, 'arm'],
  [0x3e, 'x64'],
  [0xb7, 'arm64'],
  [0xf3, 'riscv64'],
  [0x15, 'ppc64'],
  [0x16, 's390x'],
  [0x102, 'loong64'],
]);

/** Mach-O cputype values (mach/machine.h; CPU_ARCH_ABI64 = 0x01000000). */
const MACHO_CPUS = new Map([
  [0x7, 'ia32'],
  [0x01000007, 'x64'],
  [0xc, 'arm'],
  [0x0100000c, 'arm64'],
]);

/** PE/COFF Machine values (Microsoft PE format). */
const PE_MACHINES = new Map([
  [0x14c, 'ia32'],
  [0x8664, 'x64'],
  [0xaa64, 'arm64'],
  [0x1c4, 'arm'],
]);

const MH_MAGIC = 0xfeedface;
const MH_MAGIC_64 = 0xfeedfacf;
const FAT_MAGIC = 0xcafebabe;
const FAT_MAGIC_64 = 0xcafebabf;

const unknown = (prefix, value) => `unknown(${prefix}0x${value.toString(16)})`;

/**
 * The format and architectures a binary's header declares, or throws if it is none of ELF,
 * Mach-O (thin or fat/universal) or PE.
 * @param {Uint8Array} bytes the file's contents (the first 4 KiB are enough for ELF and Mach-O; PE
 *   needs up to its PE header, which follows the DOS stub)
 * @returns {{ format: 'elf' | 'macho' | 'pe', platform: 'linux' | 'darwin' | 'win32', archs: string[] }}
 */
export function readBinaryHeader(bytes) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 8) throw new Error('not a native module: the file is shorter than any binary header');

  if (buf.readUInt32BE(0) === 0x7f454c46) {
    // ELF: e_ident[EI_CLASS] 1 = 32-bit, 2 = 64-bit; e_ident[EI_DATA] 1 = little-endian, 2 = big-endian.
    if (buf.length < 20) throw new Error('truncated ELF header');
    const cls = buf[4];
    const machine = buf[5] === 2 ? buf.readUInt16BE(18) : buf.readUInt16LE(18);
    let arch = ELF_MACHINES.get(machine) ?? unknown('e_machine=', machine);
    // x86-64's and AArch64's e_machine in a 32-bit ELF would be x32 / ILP32, not Node's x64 / arm64.
    if ((arch === 'x64' || arch === 'arm64' || arch === 'ppc64') && cls !== 2) arch = `${arch}-32bit-elf`;
    return { format: 'elf', platform: 'linux', archs: [arch] };
  }

  const le = buf.readUInt32LE(0);
  if (le === MH_MAGIC || le === MH_MAGIC_64) {
    const cpu = buf.readUInt32LE(4);
    return { format: 'macho', platform: 'darwin', archs: [MACHO_CPUS.get(cpu) ?? unknown('cputype=', cpu)] };
  }
  const be = buf.readUInt32BE(0);
  if (be === FAT_MAGIC || be === FAT_MAGIC_64) {
    // A universal (fat) file: big-endian header, then one fat_arch (20 bytes) or fat_arch_64
    // (32 bytes) per slice, each starting with the slice's cputype.
    const count = buf.readUInt32BE(4);
    // Java class files share 0xCAFEBABE; their next field is a version number far above this.
    if (count === 0 || count > 16) throw new Error(`not a Mach-O universal binary (${count} slices)`);
    const size = be === FAT_MAGIC_64 ? 32 : 20;
    if (buf.length < 8 + count * size) throw new Error('truncated Mach-O universal header');
    const archs = [];
    for (let i = 0; i < count; i++) {
      const cpu = buf.readUInt32BE(8 + i * size);
      archs.push(MACHO_CPUS.get(cpu) ?? unknown('cputype=', cpu));
    }
    return { format: 'macho', platform: 'darwin', archs };
  }

  if (buf.readUInt16LE(0) === 0x5a4d) {
    // PE: "MZ", e_lfanew at 0x3c points at "PE\0\0", followed by the COFF header's Machine.
    if (buf.length < 0x40) throw new Error('truncated DOS header');
    const pe = buf.readUInt32LE(0x3c);
    if (pe + 6 > buf.length || buf.readUInt32LE(pe) !== 0x00004550) throw new Error('an MZ file without a PE header');
    const machine = buf.readUInt16LE(pe + 4);
    return { format: 'pe', platform: 'win32', archs: [PE_MACHINES.get(machine) ?? unknown('Machine=', machine)] };
  }

  throw new Error(`not a native module: unknown header ${buf.subarray(0, 4).toString('hex')}`);
}

/**
 * The Node ABI versions a module registers for. NODE_MODULE_INIT exports `node_register_module_v<abi>`
 * (a dynamic symbol, so it survives stripping; on macOS with a leading underscore).
 * @param {Uint8Array} bytes
 * @returns {number[]}
 */
export function registeredAbis(bytes) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const abis = new Set();
  for (const match of text.matchAll(/node_register_module_v(\d+)/g)) abis.add(Number(match[1]));
  return [...abis].sort((a, b) => a - b);
}

/**
 * What is wrong with a module for the given target, as sentences; empty if nothing is.
 * @param {Uint8Array} bytes
 * @param {{ platform: string, arch: string, abi: number | string }} want `arch` 'universal' means
 *   exactly the x64 and arm64 slices
 * @returns {string[]}
 */
export function moduleProblems(bytes, want) {
  let header;
  try {
    header = readBinaryHeader(bytes);
  } catch (err) {
    return [/** @type {Error} */ (err).message];
  }
  const problems = [];
  if (header.platform !== want.platform)
    problems.push(`it is a ${header.format} binary (${header.platform}), not one for ${want.platform}`);
  const archs = [...header.archs].sort();
  const wanted = want.arch === 'universal' ? ['arm64', 'x64'] : [want.arch];
  if (archs.join(',') !== wanted.join(','))
    problems.push(`it is built for ${archs.join(' + ')}, not ${wanted.join(' + ')}`);
  const abis = registeredAbis(bytes);
  if (!abis.includes(Number(want.abi)))
    problems.push(
      abis.length
        ? `it registers for Node ABI ${abis.join(', ')}, not ${want.abi} (built against the wrong headers?)`
        : `it registers for no Node ABI (no node_register_module_v symbol), not ${want.abi}`,
    );
  return problems;
}

/**
 * The header and ABIs of a module on disk.
 * @param {string} file
 */
export function describeNativeModule(file) {
  const bytes = readFileSync(file);
  return { ...readBinaryHeader(bytes), abis: registeredAbis(bytes) };
}

/**
 * Throws, naming the file and every problem, unless the module on disk fits the target.
 * @param {string} file
 * @param {{ platform: string, arch: string, abi: number | string }} want
 */
export function verifyNativeModule(file, want) {
  const problems = moduleProblems(readFileSync(file), want);
  if (problems.length)
    throw new Error(
      `${file} is not a ${want.platform}-${want.arch} module for ABI ${want.abi}: ${problems.join('; ')}.`,
    );
}
