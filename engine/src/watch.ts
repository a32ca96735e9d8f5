// fs.promises, not node:fs/promises: in the CLI bundle that loads on first use (with --watch), not at
// every start (~1.5 ms of `mockyard serve`'s startup).
import { promises as fsPromises, realpathSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export interface ConfigWatch {
  /** Settles once the watch is set up; edits made before that may go unnoticed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** What `watchConfig` reports to, and how. */
export interface WatchOptions {
  onChange: (text: string) => void;
  onError: (err: Error) => void;
  /** The text already loaded; a save that leaves the file the same does not reload. */
  initialText?: string;
  debounceMs?: number;
}

/** Why a file could not be read, in a few words: "no such file", "it is a folder, not a file"… */
export function readErrorReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (err as Error | undefined)?.message ?? String(err);
}

/**
 * What went wrong reading the config while serving it, in words, ending with what happens meanwhile.
 * The watch keeps going: when the file comes back it is read and applied again.
 */
export function describeReadError(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const still = 'still serving the last good config.';
  if (code === 'ENOENT') return `${file} was removed; ${still}`;
  if (code === 'EISDIR') return `${file} is now a folder, not a file; ${still}`;
  if (code === 'EACCES' || code === 'EPERM') return `${file} cannot be read (permission denied); ${still}`;
  return `Could not read ${file}: ${readErrorReason(err)}; ${still}`;
}

/**
 * Calls `onChange` with the file's new text after it changes, debounced. Editors that save by
 * writing a temp file and renaming it over the config are handled: the config's folder (and, for a
 * symlink, the folder of the file it points to) is watched for events naming the file, so the file
 * is found again whatever happened to it in between. A watch on the file itself (inotify on the
 * file, as chokidar does) loses it once it is deleted and a folder put in its place, or once it
 * cannot be read: then edits after it comes back go unnoticed. A folder watch needs no permission
 * on the file and survives all of these.
 */
export function watchConfig(
  file: string,
  { onChange, onError, initialText, debounceMs = 100 }: WatchOptions,
): ConfigWatch {
  const target = resolve(file);
  let timer: NodeJS.Timeout | undefined;
  let last = initialText;
  let closed = false;
  /** The problem last reported, so that one deletion (several events) is reported once. */
  let reported: string | undefined;
  const failed = (message: string): void => {
    // Once the file was gone or unreadable, its return is news even with the old text: read it again.
    last = undefined;
    if (closed || message === reported) return;
    reported = message;
    onError(new Error(message));
  };
  const check = (): void => {
    fsPromises.readFile(target, 'utf8').then(
      (text) => {
        if (closed) return;
        reported = undefined;
        if (text === last) return;
        last = text;
        onChange(text);
      },
      (err: unknown) => failed(describeReadError(file, err)),
    );
  };
  const fire = (): void => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(check, debounceMs);
  };

  const watchers: FSWatcher[] = [];
  const watchFolderOf = (path: string): void => {
    const name = basename(path);
    const watcher = watch(dirname(path), { persistent: true }, (_event, changed) => {
      // Some platforms do not name the file; then any change in the folder is checked (the text decides).
      if (changed === null || changed === name) fire();
    });
    watcher.on('error', (err) => failed(`Stopped watching ${file} for changes: ${err.message}`));
    watchers.push(watcher);
  };
  let ready = Promise.resolve();
  try {
    watchFolderOf(target);
    let real = target;
    try {
      real = realpathSync(target);
    } catch {
      // Not there (yet): the folder watch sees it arrive.
    }
    if (real !== target) watchFolderOf(real);
  } catch (err) {
    // A watch that failed to start is reported through onError; waiting for it must not hang.
    ready = Promise.resolve().then(() => failed(`Cannot watch ${file} for changes: ${(err as Error).message}`));
  }
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
