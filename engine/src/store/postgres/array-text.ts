/**
 * Reads PostgreSQL's text form of a one-dimensional array item by item (array_out, as the text of
 * an `array_agg` arrives with raw type parsers): `{1,NULL,"two words","say \"hi\""}`. An item is
 * quoted when it is empty, reads NULL, or holds white space or one of `{}",\`; inside the quotes
 * `"` and `\` are escaped with `\`, as JSON escapes them, so a quoted item's text is also the inside
 * of a JSON string when it holds no control character. `array_agg` starts arrays at index 1, so the
 * text has no `[1:3]=` prefix.
 */
export class ArrayText {
  private pos = 1;
  /** Where the next backslash is (-1: none left), searched once per backslash rather than per item. */
  private slash: number;

  constructor(private readonly text: string) {
    this.slash = text.indexOf('\\');
  }

  /** The next item's text as written (a quoted one with its quotes and escapes), or null for NULL. */
  next(): string | null {
    const text = this.text;
    const start = this.pos;
    if (text.charCodeAt(start) === 34 /* " */) {
      let from = start + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (this.slash !== -1 && this.slash < from) this.slash = text.indexOf('\\', from);
        if (this.slash !== -1 && this.slash < quote) {
          from = this.slash + 2;
          continue;
        }
        this.pos = quote + 2; // past the quote and the comma (or brace)
        return text.slice(start, quote + 1);
      }
    }
    let comma = text.indexOf(',', start);
    if (comma === -1) comma = text.length - 1;
    this.pos = comma + 1;
    const item = text.slice(start, comma);
    return item === 'NULL' ? null : item;
  }

  /** Whether every item has been read. */
  get done(): boolean {
    return this.pos >= this.text.length;
  }
}

/** The value an item's text (from `next`) stands for: a quoted one without its quotes and escapes. */
export function itemValue(item: string): string {
  if (item.charCodeAt(0) !== 34 /* " */) return item;
  const inner = item.slice(1, -1);
  return inner.includes('\\') ? inner.replace(/\\(.)/gs, '$1') : inner;
}
