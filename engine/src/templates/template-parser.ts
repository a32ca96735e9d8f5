/**
 * Where config checks reach the template parser. The parser (Handlebars' own) is loaded with the
 * full validator (config/validate.ts), never by `mockyard serve` for a config without templates:
 * validateQuickly leaves any text with `{{` to the full validator until the parser is loaded.
 */
import type { TemplateIssue, TemplateModel } from './template-model.js';

export type ParseTemplate = (source: string) => { template: TemplateModel } | { issues: TemplateIssue[] };

let parser: ParseTemplate | undefined;

/** Called once by parse-template.ts when it loads. */
export function registerTemplateParser(parse: ParseTemplate): void {
  parser = parse;
}

export const templateParserLoaded = (): boolean => parser !== undefined;

/** A string holds a template when it has an opening tag; others stay constants (and cost nothing). */
export const isTemplate = (text: string): boolean => text.includes('{{');

export function parseTemplate(source: string): ReturnType<ParseTemplate> {
  if (!parser) throw new Error('The template parser is not loaded (import templates/parse-template.js first).');
  return parser(source);
}
