/**
 * Parses and checks one template at config time: syntax, helpers and their arguments, the names it
 * reads, and what makes a template hostile (prototype paths, partials, deep nesting, huge repeats).
 * Every problem is found here, never at request time.
 */
import { parse, parser } from 'handlebars/dist/cjs/handlebars/compiler/base.js';
import { asValue } from './single-tag.js';
import { Checker } from './template-checker.js';
import type { TemplateIssue, TemplateModel } from './template-model.js';
import { registerTemplateParser } from './template-parser.js';
import { tooDeepToParse } from './too-deep.js';

/** `items[0]` inside a tag, as users of other tools write it, is Handlebars' `items.[0]`. */
const withIndexes = (source: string): string =>
  source.includes('[')
    ? source.replace(/\{\{[^}]*\}\}/g, (tag) => tag.replace(/([\w\]])\[(\d+)\]/g, '$1.[$2]'))
    : source;

/** Parses and checks a template; the model when it is fine, else its problems. */
export function parseTemplate(source: string): { template: TemplateModel } | { issues: TemplateIssue[] } {
  const deep = tooDeepToParse(source);
  if (deep) return { issues: [deep] };
  let ast: hbs.AST.Program;
  try {
    ast = parse(withIndexes(source));
  } catch (err) {
    if (err instanceof RangeError)
      return {
        issues: [{ code: 'templateTooDeep', message: 'The template is nested too deeply.', line: 1, column: 0 }],
      };
    const error = err as Error & { lineNumber?: number; column?: number };
    const where =
      error.lineNumber !== undefined ? { line: error.lineNumber, column: error.column ?? 0 } : parserPosition();
    const detail = (error.message.split('\n')[0] ?? '')
      .replace(/^Parse error on line \d+:?$/, '')
      .replace(/ - \d+:\d+$/, '');
    const expected = /Expecting (.*), got '(\w+)'/.exec(error.message);
    const text = detail || (expected ? `unexpected ${describeToken(expected[2] ?? '')}` : 'unexpected text');
    return { issues: [{ code: 'templateSyntax', message: `Template syntax error: ${text}.`, ...where }] };
  }
  const checker = new Checker();
  checker.program(ast, { nested: false, blockParams: new Set(), depth: 0, iterations: 1 });
  if (checker.issues.length > 0) return { issues: checker.issues };
  const single = asValue(ast);
  return {
    template: {
      source,
      ast: single ?? ast,
      single: single !== undefined,
      readsBody: checker.readsBody,
      usesFaker: checker.usesFaker,
      ...(checker.names.length > 0 ? { names: checker.names } : {}),
    },
  };
}

function describeToken(token: string): string {
  if (token === 'EOF') return 'end of template (a tag or block is not closed)';
  if (token === 'INVALID') return 'character in a tag';
  return `'${token.toLowerCase().replace(/_/g, ' ')}'`;
}

/** Where the parser stopped after a syntax error: the token it could not use (1-based line, 0-based column). */
function parserPosition(): { line: number; column: number } {
  // The parser is synchronous and shared; right after it threw, its lexer still points at the bad token.
  const where = parser.lexer?.yylloc;
  return { line: where?.first_line ?? 1, column: where?.first_column ?? 0 };
}

registerTemplateParser(parseTemplate);
