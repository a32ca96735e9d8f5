/**
 * Places a problem found inside a template at its line and column in the config: the template's
 * lines are found, in order, in the text of the YAML value (a plain, quoted or block scalar written
 * without escapes); otherwise the problem marks the whole value.
 */
import type { Problem } from '../../../shared/src/problems.js';
import type { TemplateIssue } from '../templates/template-model.js';
import type { ConfigSource, DocPath } from './source.js';

export function templateProblem(
  source: ConfigSource,
  path: DocPath,
  template: string,
  issue: TemplateIssue,
  message: string,
  part: 'key' | 'value' = 'value',
): Problem {
  const problem = source.problemAt(path, issue.code, message, 'error', part);
  const start = source.offsetAt(problem.range.start);
  const raw = source.text.slice(start, source.offsetAt(problem.range.end));
  const lines = template.split('\n');
  let from = 0;
  let lineAt = -1;
  for (let i = 0; i < issue.line && i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    const found = raw.indexOf(line, from);
    if (found === -1) return problem;
    lineAt = found;
    from = found + line.length;
  }
  if (lineAt === -1) return problem;
  const lineText = lines[issue.line - 1] ?? '';
  const at = start + lineAt + Math.min(issue.column, lineText.length);
  const close = source.text.indexOf('}}', at);
  const lineEnd = source.text.indexOf('\n', at);
  const end = close !== -1 && (lineEnd === -1 || close < lineEnd) ? close + 2 : Math.min(at + 1, source.text.length);
  return { ...problem, range: source.rangeBetween(at, Math.max(end, at)) };
}
