import { type Document, parseDocument } from 'yaml';
import { ConfigEditError } from './errors.js';
import { lineBreakOf } from './text.js';

/** A parsed config with what every edit needs alongside it. */
export interface Source {
  text: string;
  doc: Document.Parsed;
  /** The line break new lines use. */
  eol: string;
}

/** The first YAML syntax error's 1-based place, or undefined when the text parses. */
export function firstSyntaxError(doc: Document.Parsed): { line: number; column: number } | undefined {
  const error = doc.errors[0];
  if (!error) return undefined;
  const pos = error.linePos?.[0];
  return { line: pos?.line ?? 1, column: pos?.col ?? 1 };
}

/** The message a form shows while the text does not parse. */
export const syntaxMessage = (line: number): string => `Fix the YAML syntax error on line ${line} to edit visually.`;

/** Parses `text` for editing; a text that does not parse throws ConfigEditError with the first error's place. */
export function parseSource(text: string): Source {
  const doc = parseDocument(text, { prettyErrors: true });
  const error = firstSyntaxError(doc);
  if (error) throw new ConfigEditError(syntaxMessage(error.line), error);
  return { text, doc, eol: lineBreakOf(text) };
}
