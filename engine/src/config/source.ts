import { messages } from '../../../shared/src/messages.js';
import type { Problem, Range, Severity } from '../../../shared/src/problems.js';

/** Largest config text accepted; bigger files are refused before parsing. */
export const MAX_CONFIG_BYTES = 5 * 1024 * 1024;

/**
 * Deepest nesting of mappings and lists accepted. Real configs stay under ten levels (an inline
 * response a few more); past this the later checks, which recurse, could run out of stack.
 */
export const MAX_CONFIG_DEPTH = 100;

/** A place in a config's value: mapping keys and sequence indexes from the root. */
export type DocPath = (string | number)[];

/**
 * A config text turned into a plain value that remembers where each key and value came from, so that
 * a problem found later (by zod or by the semantic checks) can be pointed at a line and column.
 * Two kinds: FastSource (js-yaml, for texts without problems) and YamlSource (yaml, the authority).
 */
export abstract class ConfigSource {
  abstract readonly value: unknown;
  /** Offset where each line starts. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The range of the value at `path` (or of its key), or of the nearest ancestor that exists. */
  abstract rangeOf(path: DocPath, part?: 'key' | 'value'): Range;

  /** The line of a value, for messages like "declared on line 12" and the studio's endpoint list. */
  lineOf(path: DocPath): number {
    return this.rangeOf(path).start.line;
  }

  problemAt(
    path: DocPath,
    code: string,
    message: string,
    severity: Severity = 'error',
    part: 'key' | 'value' = 'value',
  ): Problem {
    return { code, severity, message, range: this.rangeOf(path, part), path };
  }

  /** The offset in the text of a 1-based line and column. */
  offsetAt(position: { line: number; column: number }): number {
    return Math.min(this.text.length, (this.lineStarts[position.line - 1] ?? this.text.length) + position.column - 1);
  }

  /** The range from one offset to another. */
  rangeBetween(start: number, end: number): Range {
    return this.toRange(start, end);
  }

  /** 1-based line and column of an offset. */
  protected linePos(offset: number): { line: number; col: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - (this.lineStarts[low] ?? 0) + 1 };
  }

  protected toRange(start: number, end: number): Range {
    // A parser can place an error one past the end of the text (e.g. a `{` never closed).
    const from = Math.max(0, Math.min(start, this.text.length));
    const a = this.linePos(from);
    const b = this.linePos(Math.max(from, Math.min(end, this.text.length)));
    return { start: { line: a.line, column: a.col }, end: { line: b.line, column: b.col } };
  }
}

/** The problem of a text over MAX_CONFIG_BYTES, found before any parsing. */
export function tooLarge(text: string): Problem | undefined {
  if (Buffer.byteLength(text) <= MAX_CONFIG_BYTES) return undefined;
  return {
    code: 'configTooLarge',
    severity: 'error',
    message: messages.configTooLarge(MAX_CONFIG_BYTES / 1024 / 1024),
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    path: [],
  };
}
