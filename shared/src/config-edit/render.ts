import { Document, isCollection, isNode, isScalar, type Node, Scalar, visit } from 'yaml';
import { indentRest } from './text.js';

/**
 * Rendering a new value in the style of the place it goes. Only the new node is printed by `yaml`;
 * the surrounding text is never re-printed. lineWidth 0: never fold a line the user will later edit.
 * blockQuote false: a text with line breaks is written "double\nquoted" on one line, since a block
 * scalar's lines would swallow the comments that follow the node it replaces.
 */
const PRINT = { lineWidth: 0, blockQuote: false } as const;

function documentOf(value: unknown): Document {
  const doc = new Document(isNode(value) ? value.clone() : value);
  // Line breaks are written as \n in double quotes: plain or block text over several lines would
  // break a flow line, or take in the comments that follow.
  visit(doc, {
    Scalar: (_, node) => {
      if (typeof node.value === 'string' && /[\n\r]/.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return doc;
}

/** Plain JSON for a value that may be a yaml node (the engine passes nodes to choose flow items). */
export function plainOf(value: unknown): unknown {
  return isNode(value) ? value.toJS(new Document()) : value;
}

/**
 * Whether a value is written on the line of its key or dash: a scalar, an empty collection, or a
 * collection the caller built as flow.
 */
export function isInline(value: unknown): boolean {
  if (isNode(value))
    return isScalar(value) || (isCollection(value) && (Boolean(value.flow) || value.items.length === 0));
  if (Array.isArray(value)) return value.length === 0;
  if (value !== null && typeof value === 'object') return Object.keys(value).length === 0;
  return true;
}

/**
 * The value in block style, for a place whose nested lines start at column `indent`: the first line
 * unindented (it follows a key, a dash or the existing indentation), the others indented.
 */
export function renderBlock(value: unknown, indent: number, eol: string): string {
  const doc = documentOf(value);
  // A scalar is printed as a map's value, so a block scalar's lines come out indented below its key.
  const out = isScalar(doc.contents)
    ? new Document(new Map([['k', doc.contents]]))
        .toString(PRINT)
        .replace(/\n$/, '')
        .slice('k:'.length)
        .replace(/^ /, '')
    : doc.toString(PRINT).replace(/\n$/, '');
  return indentRest(out, indent, eol);
}

/**
 * The value in flow style on one line, for a place inside a flow collection (or a flow value being
 * replaced). It is printed as the only item of a flow list, so a scalar gets the quoting a flow
 * context needs (`Hello, world` must be quoted there, not in block style), and the brackets are cut.
 */
export function renderFlow(value: unknown, padding: boolean): string {
  const doc = documentOf([isNode(value) ? value.clone() : value]);
  visit(doc, {
    Map: (_, node) => {
      node.flow = true;
    },
    Seq: (_, node) => {
      node.flow = true;
    },
  });
  const out = doc.toString({ ...PRINT, flowCollectionPadding: padding }).trim();
  return out.slice(1, -1).trim();
}

/** A map key as written in block (`flow` false) or flow style, quoted only when it must be. */
export function renderKey(key: string | number, flow: boolean): string {
  if (flow) return renderFlow(key, false);
  const out = new Document(new Map([[key, 0]])).toString(PRINT).trimEnd();
  return out.slice(0, out.lastIndexOf(':'));
}

/** Whether a flow collection's text pads its brackets (`{ a: 1 }`) or not (`[a]`), for new flow text beside it. */
export function paddingOf(text: string, node: Node | null): boolean {
  const start = node?.range?.[0];
  if (start === undefined || (text[start] !== '[' && text[start] !== '{')) return true;
  const next = text[start + 1];
  // An empty `{}` says nothing about the user's taste: pad, as yaml does.
  return next === ' ' || next === ']' || next === '}';
}
