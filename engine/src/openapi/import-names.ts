/** Names a description's schemas, properties and path parameters get in a Mockyard config. */
import pluralize from 'pluralize';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `order_details` → `OrderDetail`, `pets` → `Pet`, `HTTPRequest` stays. */
export function schemaNameFor(raw: string): string {
  const words = raw
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  if (words.length === 0) return 'Schema';
  const last = words.pop() as string;
  // Singular of the last word only (OrderDetails → OrderDetail); pluralize keeps the case.
  const single = /[a-z]$/.test(last) ? pluralize.singular(last) : last;
  const name = [...words, single.charAt(0).toUpperCase() + single.slice(1)].join('');
  return /^[A-Za-z]/.test(name) ? name : `Schema${name}`;
}

/** A field or parameter name of letters, digits and `_`. */
export function fieldNameFor(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_]/g, '_');
  return FIELD_NAME.test(name) ? name : `_${name}`;
}
