import type { DocPath } from './path.js';

/** Why an edit cannot be made: the text does not parse (with the first error's place), or the path is wrong. */
export class ConfigEditError extends Error {
  constructor(
    message: string,
    /** 1-based place of the YAML syntax error that stops editing, when that is the reason. */
    readonly syntaxError?: { line: number; column: number },
  ) {
    super(message);
    this.name = 'ConfigEditError';
  }
}

/** A path as people read it in messages: `endpoints[3].response`. */
export function pathText(path: DocPath): string {
  if (path.length === 0) return 'the document';
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}
