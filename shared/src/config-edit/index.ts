/**
 * Comment-keeping edits of a config text (the studio's forms, Save as seed, a chosen port): each
 * function returns the few text edits that change exactly the addressed node, so comments, blank
 * lines, key order, quoting and flow or block style everywhere else stay byte-identical, as VS Code's
 * settings editor does for JSON (jsonc-parser's `modify`). No DOM, no Node: the renderer and the
 * engine both use it.
 *
 * API CONTRACT (stub): the signatures below are fixed; the implementation is being written.
 */

/** Where a node sits in the document: keys of maps and indexes of lists, e.g. ['endpoints', 3]. */
export type DocPath = readonly (string | number)[];

/** One replacement of the text: `length` characters at `offset` become `text`. */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

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

const pending = (): never => {
  throw new ConfigEditError('Comment-keeping edits are not implemented yet.');
};

/**
 * Sets the value at `path` (creating missing maps on the way), or removes it when `value` is
 * undefined. Setting the value already there returns no edits.
 */
export function modify(_text: string, _path: DocPath, _value: unknown): TextEdit[] {
  return pending();
}

/** Inserts `value` into the list at `listPath` before `index` (index = length appends; a missing list is created). */
export function insertAt(_text: string, _listPath: DocPath, _index: number, _value: unknown): TextEdit[] {
  return pending();
}

/** Moves the list item at `from` to `to` (indexes before the move), with its comments. */
export function move(_text: string, _listPath: DocPath, _from: number, _to: number): TextEdit[] {
  return pending();
}

/** Renames the key `from` of the map at `mapPath` to `to`, keeping its value and comments. */
export function renameKey(_text: string, _mapPath: DocPath, _from: string, _to: string): TextEdit[] {
  return pending();
}

/** The text with the edits applied (edits must not overlap; any order). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
    result = result.slice(0, edit.offset) + edit.text + result.slice(edit.offset + edit.length);
  }
  return result;
}
