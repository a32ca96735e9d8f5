/**
 * The XML rendering of a JSON body (`Accept: application/xml`), written in one pass. It replaced
 * fast-xml-parser's builder, whose indented output took CPU time cubic in the nesting depth: a json
 * field nested 1000 levels deep (SQLite's limit) held the event loop 1.5 s; here it is linear in the
 * output. Same output as that builder (format, indentBy '  ', suppressEmptyNode, processEntities),
 * which engine/tests/xml.test.ts checks on random JSON, except that keys that sanitise to one element
 * name (`ü` and `` both become `_`) each keep their element instead of the last one winning.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/**
 * Characters XML 1.0 does not allow at all, not even as `&#x1;`: C0 controls other than tab, LF and
 * CR, U+FFFE, U+FFFF and lone surrogates. Each becomes U+FFFD, so the document always parses.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeText = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string).replace(NOT_XML, '\uFFFD');

const elementName = (key: string): string => {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) && !/^xml/i.test(name) ? name : `_${name}`;
};

type Child = readonly [name: string, value: unknown];

/** A list becomes repeated `<item>` elements, an object one element per key, anything else text. */
function write(out: string[], name: string, value: unknown, indent: string): void {
  if (Array.isArray(value))
    writeChildren(
      out,
      name,
      value.map((v): Child => ['item', v]),
      indent,
    );
  else if (value !== null && typeof value === 'object')
    writeChildren(
      out,
      name,
      Object.entries(value).map(([key, v]): Child => [elementName(key), v]),
      indent,
    );
  else {
    const text = value === null || value === undefined ? '' : escapeText(String(value));
    out.push(text === '' ? `${indent}<${name}/>\n` : `${indent}<${name}>${text}</${name}>\n`);
  }
}

function writeChildren(out: string[], name: string, children: readonly Child[], indent: string): void {
  if (children.length === 0) {
    out.push(`${indent}<${name}/>\n`);
    return;
  }
  out.push(`${indent}<${name}>\n`);
  const inner = `${indent}  `;
  for (const [child, value] of children) write(out, child, value, inner);
  out.push(`${indent}</${name}>\n`);
}

/**
 * The XML rendering of a JSON body: a list becomes `<users><user>…</user></users>`.
 * @param root element name of the document, e.g. `users`, `user` or `response`
 * @param item element name of each list entry
 */
export function toXml(value: unknown, root: string, item = 'item'): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  if (Array.isArray(value))
    writeChildren(
      out,
      elementName(root),
      value.map((v): Child => [item, v]),
      '',
    );
  else write(out, elementName(root), value, '');
  return out.join('');
}
