import type { CallArgs, CallName, CallResult } from '../../../shared/src/studio-contract';
import { StudioError } from '../../../shared/src/studio-error';
import type { StudioClient } from './client';

/**
 * The same client, telling `onRefused` when a call is refused (code `refused`: the browser studio's
 * token cookie is missing or out of date). The call still fails as before; the studio shows one
 * message for all such failures and offers a reload, instead of each view failing quietly.
 */
export function watchRefusals(client: StudioClient, onRefused: (err: StudioError) => void): StudioClient {
  return {
    transport: client.transport,
    pathForFile: (file) => client.pathForFile(file),
    on: (event, listener) => client.on(event, listener),
    call: <K extends CallName>(name: K, args: CallArgs<K>): Promise<CallResult<K>> =>
      client.call(name, args).catch((err: unknown) => {
        if (err instanceof StudioError && err.code === 'refused') onRefused(err);
        throw err;
      }),
  };
}
