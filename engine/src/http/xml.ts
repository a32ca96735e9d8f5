import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: true, processEntities: true });

const elementName = (key: string): string => {
  const name = key.replace(/[^A-Za-z0-9_.-]/g, '_');
  return /^[A-Za-z_]/.test(name) && !/^xml/i.test(name) ? name : `_${name}`;
};

/** Reshapes JSON for the builder: valid element names, array items as repeated `<item>`. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return { item: value.map(shape) };
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[elementName(key)] = shape(v);
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
