/**
 * Templates as the endpoint form sees them: where the `{{ … }}` tags of a string are (for
 * highlighting), and which strings of an inline JSON value are templates (for the live preview).
 */

export interface Segment {
  text: string;
  /** A `{{ … }}` tag (an unclosed one runs to the end of the text). */
  tag: boolean;
}

/** `text` cut into plain runs and `{{ … }}` tags, in order; joined they give `text` back. */
export function templateSegments(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{{', at);
    if (open < 0) break;
    if (open > at) out.push({ text: text.slice(at, open), tag: false });
    // A triple tag {{{ … }}} closes with three braces.
    const closer = text.startsWith('{{{', open) ? '}}}' : '}}';
    const close = text.indexOf(closer, open + 2);
    const end = close < 0 ? text.length : close + closer.length;
    out.push({ text: text.slice(open, end), tag: true });
    at = end;
  }
  if (at < text.length) out.push({ text: text.slice(at), tag: false });
  return out;
}

export const hasTemplate = (text: string): boolean => text.includes('{{');

/** The distinct template strings of a JSON value: its string values and keys holding `{{`. */
export function templatesIn(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      if (hasTemplate(node)) found.add(node);
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (hasTemplate(key)) found.add(key);
        walk(item);
      }
    }
  };
  walk(value);
  return [...found];
}

/** What one template rendered to: a value (an inline string) and its text (a key), or an error. */
export type Rendered = { ok: true; value: unknown; text: string } | { ok: false; message: string };

/**
 * The inline value as the mock would answer it: each template string replaced by what it rendered
 * to (a key by its text). A template that failed stays as written; its message is in `errors`.
 */
export function substitute(
  value: unknown,
  rendered: ReadonlyMap<string, Rendered>,
): { value: unknown; errors: { template: string; message: string }[] } {
  const errors = new Map<string, string>();
  const look = (text: string): Rendered | undefined => {
    const r = hasTemplate(text) ? rendered.get(text) : undefined;
    if (r && !r.ok) errors.set(text, r.message);
    return r;
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const r = look(node);
      return r?.ok ? r.value : node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        const r = look(key);
        out[r?.ok ? r.text : key] = walk(item);
      }
      return out;
    }
    return node;
  };
  const result = walk(value);
  return { value: result, errors: [...errors].map(([template, message]) => ({ template, message })) };
}
