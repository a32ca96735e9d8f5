/**
 * A scan of a template's tags that refuses absurd nesting before Handlebars parses it: Handlebars'
 * parser takes time that grows with the square of the nesting depth (2,000 nested `{{#if}}` blocks
 * took 2.6 s, 5,000 about a minute), so a config could stall every validation and reload. Below
 * PRESCAN_DEPTH the parser runs and the checker reports the exact node past MAX_TEMPLATE_DEPTH;
 * the scan only has to be right about texts far past the limit, and it is cheap (one pass).
 */
import { MAX_TEMPLATE_DEPTH } from './limits.js';
import type { TemplateIssue } from './template-model.js';

/** Nesting past which a template is refused without parsing it. */
export const PRESCAN_DEPTH = MAX_TEMPLATE_DEPTH * 2;

/**
 * The templateTooDeep issue when blocks plus sub-expressions nest deeper than PRESCAN_DEPTH,
 * placed at the tag that goes past it (1-based line, 0-based column, as Handlebars places nodes).
 * Comments, raw blocks and escaped tags are skipped as Handlebars skips them.
 */
export function tooDeepToParse(source: string): TemplateIssue | undefined {
  let blocks = 0;
  let at = source.indexOf('{{');
  while (at !== -1) {
    if (at > 0 && source[at - 1] === '\\') {
      at = source.indexOf('{{', at + 2);
      continue;
    }
    let end: number;
    if (source.startsWith('{{{{', at)) {
      // A raw block: its content is text up to the matching {{{{/name}}}}.
      const close = source.indexOf('{{{{/', at + 4);
      end = close === -1 ? -1 : source.indexOf('}}}}', close);
    } else if (source.startsWith('{{!--', at)) end = source.indexOf('--}}', at + 5);
    else if (source.startsWith('{{!', at)) end = source.indexOf('}}', at + 3);
    else {
      end = source.indexOf('}}', at + 2);
      const tag = source.slice(at + 2, end === -1 ? source.length : end).replace(/^[{~\s]+/, '');
      if (tag.startsWith('/')) blocks = Math.max(0, blocks - 1);
      else {
        const opens = tag.startsWith('#') || (tag.startsWith('^') && tag.slice(1).trim() !== '') ? 1 : 0;
        let parens = 0;
        let deepest = 0;
        for (const c of tag) {
          if (c === '(') deepest = Math.max(deepest, ++parens);
          else if (c === ')') parens--;
        }
        if (blocks + opens + deepest > PRESCAN_DEPTH) return issueAt(source, at);
        blocks += opens;
      }
    }
    if (end === -1) return undefined; // unclosed: Handlebars reports the syntax error
    at = source.indexOf('{{', end + 2);
  }
  return undefined;
}

function issueAt(source: string, offset: number): TemplateIssue {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return {
    code: 'templateTooDeep',
    message: `Template blocks are nested more than ${MAX_TEMPLATE_DEPTH} deep.`,
    line,
    column: offset - (before.lastIndexOf('\n') + 1),
  };
}
