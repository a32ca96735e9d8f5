import { type Document, isScalar, parseDocument } from 'yaml';
import { isPort } from '../../../shared/src/port.js';

/**
 * The config text after `edit` changed its YAML document, with everything else (comments, order,
 * formatting) kept as the user wrote it: the studio's own edits of a config (seed rows, a chosen
 * port) go through here, never through a parse and re-dump that would lose the comments.
 * `purpose` finishes "fix them before …" when the text does not parse.
 */
export function editConfig(text: string, purpose: string, edit: (doc: Document) => void): string {
  const doc = parseDocument(text);
  if (doc.errors.length) throw new Error(`The config has YAML errors; fix them before ${purpose}.`);
  edit(doc);
  // lineWidth 0: never fold a long line the user wrote on one line.
  return doc.toString({ lineWidth: 0 });
}

/**
 * The config text with `server.port` set to `port` (added, with `server:`, when missing). An existing
 * port is replaced where it stands, so not even the spacing of flow lists (`[a]` vs `[ a ]`), which
 * the document's printer would make uniform, changes anywhere else.
 */
export function withServerPort(text: string, port: number): string {
  const doc = parseDocument(text);
  const node = doc.errors.length ? undefined : doc.getIn(['server', 'port'], true);
  if (isScalar(node) && node.range) return `${text.slice(0, node.range[0])}${port}${text.slice(node.range[1])}`;
  return editConfig(text, 'writing the port into it', (d) => d.setIn(['server', 'port'], port));
}

/** The config's own `server.port`, or undefined when it sets none (or the text does not parse). */
export function declaredPort(text: string): number | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length) return undefined;
  const port: unknown = doc.getIn(['server', 'port']);
  return isPort(port) ? port : undefined;
}
