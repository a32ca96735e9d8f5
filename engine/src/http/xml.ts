import { XMLBuilder } from 'fast-xml-parser';

// json fields may nest up to 1,000 levels (SQLite's limit); each level is at most one element.
const builder = new XMLBuilder({
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
  maxNestedTags: 4096,
});

const elementName = (key: string): string => {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) && !/^xml/i.test(name) ? name : `_${name}`;
};

/** Reshapes JSON for the builder: valid element names, array items as repeated `<item>`. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return { item: value.map(shape) };
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // defineProperty, so a `__proto__` key of a json field becomes an element instead of a prototype.
    for (const [key, v] of Object.entries(value)) {
      Object.defineProperty(out, elementName(key), {
        value: shape(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value === null ? '' : value;
}

/**
 * The XML rendering of a JSON body: a list becomes `<users><user>…</user></users>`.
 * @param root element name of the document, e.g. `users`, `user` or `response`
 * @param item element name of each list entry
 */
export function toXml(value: unknown, root: string, item = 'item'): string {
  const body = Array.isArray(value) ? { [item]: value.map(shape) } : shape(value);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [elementName(root)]: body }) as string}`;
}
