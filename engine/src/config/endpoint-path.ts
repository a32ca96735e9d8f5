/** The `path` check every endpoint entry (HTTP, WebSocket, SSE) goes through when it is compiled. */
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import { isAdminPath } from '../admin-path.js';
import { pathParams } from './compile-endpoints.js';
import type { ConfigSource, DocPath } from './source.js';

/**
 * The `:name` parameters of the entry at `at`'s path; undefined, with the problem placed at its
 * `path`, when the path is unusable or lies under the admin API.
 */
export function checkedPath(
  source: ConfigSource,
  problems: Problem[],
  at: DocPath,
  path: string,
): { params: string[] } | undefined {
  const shape = pathParams(path);
  if ('error' in shape) {
    problems.push(source.problemAt([...at, 'path'], 'invalidPath', messages.invalidPath(path, shape.error)));
    return undefined;
  }
  if (isAdminPath(path)) {
    problems.push(source.problemAt([...at, 'path'], 'reservedPath', messages.reservedPath(path)));
    return undefined;
  }
  return shape;
}
