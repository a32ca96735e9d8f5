import type { Problem } from '../../../shared/src/problems.js';
import type { ConfigSource, DocPath } from './source.js';

/**
 * Warns, on each key, about options that are given but mean nothing here (`as` without
 * `references`, `operation` on an inline response), e.g.
 * `warnIgnoredOptions(source, problems, at, def, ['as', 'onDelete'], 'relationOptionWithoutReference', (o) => …)`.
 */
export function warnIgnoredOptions<K extends string>(
  source: ConfigSource,
  problems: Problem[],
  at: DocPath,
  definition: { readonly [key in K]?: unknown },
  options: readonly K[],
  code: string,
  message: (option: K) => string,
): void {
  for (const option of options)
    if (definition[option] !== undefined)
      problems.push(source.problemAt([...at, option], code, message(option), 'warning', 'key'));
}
