import { counted } from '../../shared/src/plural';
import type { StudioClient } from './api/client';
import { messageOf, savedMessage } from './studio/studio-messages';
import type { StudioState } from './studio/studio-state';

interface Context {
  client: StudioClient;
  patch(p: Partial<StudioState>): void;
  notify(message: string): void;
}

/**
 * What the studio asks of the mock server: serve on a port (and write it into the config), apply the
 * saved config, start, stop. Each confirmation goes up as a toast, each failure stays as the error.
 */
export function serverActions({ client, patch, notify }: Context) {
  return {
    setPort: async (port: number) => {
      try {
        const status = await client.call('server.setPort', { port });
        patch({ status });
        if (status.state === 'running') notify(`Serving on port ${status.port}`);
      } catch (err) {
        patch({ error: messageOf(err) });
      }
    },
    /** Writes the chosen port into the config; the new text arrives as a change on disk. */
    writePort: async (port: number) => {
      try {
        const result = await client.call('config.writePort', { port });
        notify(result.applied ? `Port ${port} written to the config` : savedMessage(result));
      } catch (err) {
        patch({ error: messageOf(err) });
      }
    },
    apply: async () => {
      try {
        const result = await client.call('config.apply', {});
        patch({ problems: result.problems, endpoints: result.endpoints });
        notify(result.applied ? 'Applied' : `Not applied: ${counted(result.problems.length, 'problem')}`);
      } catch (err) {
        patch({ error: messageOf(err) });
      }
    },
    startServer: () => client.call('server.start', {}).then((status) => patch({ status })),
    stopServer: () => client.call('server.stop', {}).then((status) => patch({ status })),
  };
}
