import { ConfigEditError, applyEdits, type DocPath, modify } from '../../../shared/src/config-edit/index.js';

/**
 * The config text with the value at `path` set to `value`, everything else (comments, order, quoting,
 * flow or block style) kept byte for byte: the studio's own edits of a config (seed rows, a chosen
 * port) go through the comment-keeping edits, never through a parse and re-dump.
 * `purpose` finishes "fix them before …" when the text does not parse.
 */
export function editConfig(text: string, purpose: string, path: DocPath, value: unknown): string {
  try {
    return applyEdits(text, modify(text, path, value));
  } catch (err) {
    if (err instanceof ConfigEditError && err.syntaxError)
      throw new Error(`The config has YAML errors (line ${err.syntaxError.line}); fix them before ${purpose}.`);
    throw err;
  }
}

/** The config text with `server.port` set to `port` (added, with `server:`, when missing); only the port's text changes. */
export function withServerPort(text: string, port: number): string {
  return editConfig(text, 'writing the port into it', ['server', 'port'], port);
}
