import type { CallName } from '../../../shared/src/studio-contract';
import { type CallOutcome, settleOutcome } from '../../../shared/src/studio-error';
import type { StudioClient } from './client';
import { httpClient } from './http-client';

/** Electron's preload API when present, otherwise the browser studio's HTTP transport. */
export function connect(): StudioClient {
  const api = window.mockyard;
  if (!api) return httpClient();
  return {
    transport: 'electron',
    // The outcome, not a thrown error, crossed IPC: a failure becomes the engine's StudioError here.
    call: (name: CallName, args: unknown) =>
      settleOutcome((api.calls[name] as (a: unknown) => Promise<CallOutcome<never>>)(args)),
    on: (event, listener) => api.on(event, listener),
    pathForFile: (file) => api.pathForFile(file),
  };
}
