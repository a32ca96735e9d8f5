/**
 * Line arithmetic on a config text. Every edit is placed by offsets into the text the user wrote, so
 * these helpers treat `\r\n` and `\n` alike and never normalise either.
 */

/** The line break new lines use: the text's own (`\r\n` when it has any), `\n` otherwise. */
export function lineBreakOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** Offset of the first character of the line holding `at`. */
export function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', at - 1) + 1;
}

/** Offset of the line break ending the line holding `at` (before a `\r\n`), or the text's end. */
export function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  if (nl < 0) return text.length;
  return nl > 0 && text[nl - 1] === '\r' ? nl - 1 : nl;
}

/** Offset just past the line break ending the line holding `at` (the next line's start), or the text's end. */
export function nextLineStart(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl + 1;
}

/** 0-based column of `at` on its line. */
export function columnOf(text: string, at: number): number {
  return at - lineStart(text, at);
}

/** Whether only spaces and tabs stand before `at` on its line. */
export function firstOnLine(text: string, at: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, at), at));
}

/** `at` moved back over spaces, tabs and line breaks, but not before `floor`. */
export function trimBack(text: string, at: number, floor: number): number {
  let end = at;
  while (end > floor && /\s/.test(text[end - 1] ?? '')) end--;
  return end;
}

/** `at` moved forward over spaces and tabs (not line breaks). */
export function skipSpaces(text: string, at: number): number {
  let pos = at;
  while (text[pos] === ' ' || text[pos] === '\t') pos++;
  return pos;
}

/**
 * The first offset from `at` holding `char` outside whitespace and comments, or -1 when something
 * else comes first. Finds a list item's `-` or a key's `:` from the end of what precedes it.
 */
export function findIndicator(text: string, at: number, char: string): number {
  let pos = at;
  while (pos < text.length) {
    const c = text[pos];
    if (c === char) return pos;
    if (c === '#') pos = nextLineStart(text, pos);
    else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') pos++;
    else return -1;
  }
  return -1;
}

/** Spaces for an indentation of `n` columns. */
export const spaces = (n: number): string => ' '.repeat(Math.max(0, n));

/** The lines of `rendered` after the first prefixed by `indent` spaces (blank lines left blank), joined by `eol`. */
export function indentRest(rendered: string, indent: number, eol: string): string {
  return rendered
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : spaces(indent) + line))
    .join(eol);
}
