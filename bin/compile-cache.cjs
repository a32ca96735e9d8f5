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

/** Builds whose caches are kept; older ones are removed when a new one is written. */
const KEEP_BUILDS = 3;
/** The entry's text, kept in its build's folder. */
const ENTRY_TEXT = 'entry.cjs.txt';

/** Adds a file to write at exit (the first one arranges the writing). */
function missing(pending, dir, item) {
  if (pending.length === 0) process.once('exit', () => save(dir, pending));
  pending.push(item);
}

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
 * A folder name for a build's entry: its length and a hash of 256 of its characters. Hashing all of
 * it costs ~3 ms before the JIT warms up (node:crypto would cost more to load); the folder keeps
 * the entry's text, and its data is used only when that text is the entry's exactly.
 */
function folderOf(text) {
  let hash = 0x811c9dc5;
  const step = Math.max(1, Math.floor(text.length / 256));
  for (let i = 0; i < text.length; i += step) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
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

/** Writes what was missing: data of scripts, the entry's text (atomically: a concurrent start reads all or nothing). */
function save(dir, pending) {
  try {
    mkdirSync(dir, { recursive: true });
    for (const { file, data } of pending) {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, data());
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
 * is its entry, whose text names every chunk by a hash of the chunk's content: the entry's text
 * identifies the build. Each build has a folder, and the entry's data is used only when the text
 * kept there is the entry's (V8 itself checks only a script's length).
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
      let known = true;
      if (dir === undefined) {
        dir = join(root, folderOf(content));
        const entry = join(dir, ENTRY_TEXT);
        known = readOrUndefined(entry)?.toString('utf8') === content;
        if (!known) missing(pending, dir, { file: entry, data: () => content });
      }
      const file = join(dir, `${basename(filename)}.v8`);
      const cachedData = known ? readOrUndefined(file) : undefined;
      // No importModuleDynamically: Node 20's is experimental (a warning on stderr) and is lost when
      // the script comes from cached data. The bundle has no dynamic import (rolldown.config.mjs).
      script = new vm.Script(Module.wrap(content), { filename, cachedData });
      const compiled = script;
      if (cachedData === undefined || script.cachedDataRejected)
        missing(pending, dir, { file, data: () => compiled.createCachedData() });
    } catch {
      // Node's loader compiles it instead (and reports a syntax error as it always does).
      return compile.call(this, content, filename, ...rest);
    }
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireFor(Module, this, main), this, filename, dirname(filename));
  };
}

module.exports = { install };
