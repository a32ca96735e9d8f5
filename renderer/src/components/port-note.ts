import type { ServerStatus } from '../../../shared/src/studio-contract';

/**
 * Why the mock listens where it does, when that is not simply the config's `server.port`; undefined
 * when it is. The editor shows `server.port`, so a different port must say where it came from.
 */
export function portNote(status: ServerStatus | undefined): string | undefined {
  if (!status || status.port === undefined) return undefined;
  const says =
    status.configPort === undefined ? 'the config sets no server.port' : `the config says ${status.configPort}`;
  switch (status.portOrigin) {
    case 'option':
      return `Port ${status.port} from --api-port (${says})`;
    case 'chosen':
      return `Port ${status.port} chosen here (${says})`;
    case 'default':
      return `Port ${status.port}: the default port, as the config sets no server.port`;
    case 'config':
      return status.configPort === 0 ? `Port ${status.port}: server.port 0 picks any free port` : undefined;
  }
}
