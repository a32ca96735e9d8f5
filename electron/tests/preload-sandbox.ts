import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';

// The bundled preload (rolldown.config.mjs), as the app loads it.
const preloadFile = join(dirname(fileURLToPath(import.meta.url)), '../../electron-preload/preload.cjs');

export type Invoke = (channel: string, args: unknown) => Promise<unknown>;

/**
 * Runs the built preload as a sandboxed preload runs: a CommonJS script whose `require` gives only
 * 'electron', here a fake one whose `ipcRenderer.invoke` is `invoke`.
 */
export function loadPreload(invoke?: Invoke) {
  const exposed: Record<string, unknown> = {};
  const invoked: [string, unknown][] = [];
  const listeners: [string, (...args: unknown[]) => void][] = [];
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, value: unknown) => {
        exposed[key] = value;
      },
    },
    webUtils: { getPathForFile: () => '/dropped/file.yaml' },
    ipcRenderer: {
      invoke: async (channel: string, args: unknown) => {
        invoked.push([channel, args]);
        return invoke ? invoke(channel, args) : { ok: channel };
      },
      on: (channel: string, listener: (...args: unknown[]) => void) => listeners.push([channel, listener]),
      removeListener: () => undefined,
    },
  };
  const required: string[] = [];
  const sandbox = {
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    },
    exports: {},
    module: { exports: {} },
  };
  runInNewContext(readFileSync(preloadFile, 'utf8'), sandbox, { filename: preloadFile });
  return { exposed, invoked, listeners, required };
}
