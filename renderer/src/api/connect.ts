import type { CallName } from '../../../shared/src/studio-contract';
import type { StudioClient } from './client';
import { httpClient } from './http-client';

/** Electron's preload API when present, otherwise the browser studio's HTTP transport. */
export function connect(): StudioClient {
  const api = window.mockyard;
  if (!api) return httpClient();
  return {
    transport: 'electron',
    call: (name: CallName, args: unknown) => (api.calls[name] as (a: unknown) => Promise<never>)(args),
    on: (event, listener) => api.on(event, listener),
    pathForFile: (file) => api.pathForFile(file),
  };
}
