import { readFile } from 'node:fs/promises';
import type { FSWatcher } from 'chokidar';

export interface ConfigWatch {
  /** Settles once the watch is set up; edits made before that may go unnoticed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange` with the file's new text after it changes, debounced. Editors that save by
 * writing a temp file and renaming it over the config are handled (chokidar's atomic mode).
 */
export interface WatchOptions {
  onChange: (text: string) => void;
  onError: (err: Error) => void;
  /** The text already loaded; a save that leaves the file the same does not reload. */
  initialText?: string;
  debounceMs?: number;
}

export function watchConfig(file: string, { onChange, onError, initialText, debounceMs = 100 }: WatchOptions): ConfigWatch {
  let timer: NodeJS.Timeout | undefined;
  let last = initialText;
  const fire = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      readFile(file, 'utf8').then(
        (text) => {
          if (text === last) return;
          last = text;
          onChange(text);
        },
        (err: Error) => onError(err),
      );
    }, debounceMs);
  };
  // chokidar loads only when something watches: `serve` without --watch starts faster without it.
  const started: Promise<FSWatcher> = import('chokidar').then(({ watch }) => {
    const watcher = watch(file, { ignoreInitial: true, atomic: true, awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } });
    watcher.on('add', fire).on('change', fire).on('unlink', () => onError(new Error(`${file} was removed; still serving the last good config.`)));
    watcher.on('error', (err) => onError(err as Error));
    return watcher;
  });
  // A watch that failed to start is reported through onError; waiting for it must not hang.
  const ready = started.then(
    (watcher) => new Promise<void>((resolve) => watcher.once('ready', () => resolve()).once('error', () => resolve())),
    (err: Error) => onError(err),
  );
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await (await started.catch(() => undefined))?.close();
    },
  };
}
