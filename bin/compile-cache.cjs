// A V8 code cache for the CLI bundle: the bytecode of its modules, kept from one run to the next, so
// a start deserialises what it would otherwise parse and compile (about a fifth of `mockyard serve`'s
// startup CPU time). Node 20 has no module compile cache of its own (module.enableCompileCache is
// Node 22), so this is the technique of the `v8-compile-cache` package, for the bundle's files only:
// each is compiled as a vm.Script with the cached data of an earlier run, and a run that had none
// (or whose data V8 rejected: another Node, other V8 flags) writes it when the process exits.
// Everything here fails silently to Node's own loader: a cache that cannot be read or written (a
// read-only home, a full disk) costs nothing but the time saved.
'use strict';
// Only what the CLI loads anyway (node:crypto, node:module and node:os would each add to its startup).
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { basename, dirname, join, sep } = require('node:path');
const vm = require('node:vm');

/** Builds (entry-file hashes) whose caches are kept; older ones are removed when a new one is written. */
const KEEP_BUILDS = 3;

/**
 * The user's cache folder for this V8 and architecture: MOCKYARD_COMPILE_CACHE when set ('0' turns the
 * cache off), else the platform's per-user cache folder. Never a shared folder such as /tmp: V8 runs
 * the bytecode it is given, so the data must be the user's own.
 */
function cacheRoot() {
  const set = process.env.MOCKYARD_COMPILE_CACHE;
  if (set === '0') return undefined;
  let base = set;
  if (!base) {
    const home =
      (process.platform === 'win32' ? process.env.USERPROFILE : process.env.HOME) || require('node:os').homedir();
    if (process.platform === 'win32')
      base = join(process.env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'mockyard', 'Cache');
    else if (process.platform === 'darwin') base = join(home, 'Library', 'Caches', 'mockyard');
    else base = join(process.env.XDG_CACHE_HOME || join(home, '.cache'), 'mockyard');
  }
  return join(base, `v8-${process.versions.v8}-${process.arch}`);
}

/**
 * 64 bits of FNV-1a over the text's UTF-16 code units: enough to tell builds apart (the data is
 * checked by V8 as well), without loading node:crypto.
 */
function hashOf(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The `require` a CommonJS module is given (what Node's makeRequireFunction provides). */
function requireFor(Module, mod, main) {
  const require = (id) => mod.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
  require.main = main;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

const readOrUndefined = (file) => {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
};

/** Writes the data of the scripts that had none (atomically: a concurrent start reads all or nothing). */
function save(dir, pending) {
  try {
    mkdirSync(dir, { recursive: true });
    for (const { script, file } of pending) {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, file);
    }
    const parent = dirname(dir);
    const builds = readdirSync(parent)
      .map((name) => ({ path: join(parent, name), mtime: statSync(join(parent, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const old of builds.slice(KEEP_BUILDS))
      if (old.path !== dir) rmSync(old.path, { recursive: true, force: true });
  } catch {
    // No cache this time; the next run tries again.
  }
}

/**
 * Loads the files of `bundleDir` through the code cache from now on. `main` is the module that
 * loads the bundle (require.main; its constructor is Node's Module). The first bundle file loaded
 * is its entry, whose content names every chunk by a hash of its content: a hash of the entry
 * identifies the build, and a folder per build keeps the data of one build from ever meeting the
 * source of another.
 */
function install(bundleDir, main) {
  const Module = main.constructor;
  // With --enable-source-maps Node maps stack traces only for the code its own loader compiles.
  if (process.sourceMapsEnabled) return;
  const root = cacheRoot();
  if (!root) return;
  const inBundle = bundleDir + sep;
  const compile = Module.prototype._compile;
  const pending = [];
  let dir;
  Module.prototype._compile = function compileCached(content, filename, ...rest) {
    if (typeof content !== 'string' || !filename.startsWith(inBundle))
      return compile.call(this, content, filename, ...rest);
    let script;
    try {
      dir ??= join(root, hashOf(content));
      const file = join(dir, `${basename(filename)}.v8`);
      const cachedData = readOrUndefined(file);
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
      if (cachedData === undefined || script.cachedDataRejected) {
        if (pending.length === 0) process.once('exit', () => save(dir, pending));
        pending.push({ script, file });
      }
    } catch {
      // Node's loader compiles it instead (and reports a syntax error as it always does).
      return compile.call(this, content, filename, ...rest);
    }
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireFor(Module, this, main), this, filename, dirname(filename));
  };
}

module.exports = { install };
