/**
 * Templates in a response, at config time: every string of `inline` (values and keys), a `body`
 * template and `headers`, each parsed and checked once. Problems get the template's own line and column.
 */
import type { JsonValue } from '../../../shared/src/config-schema.js';
import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { HeaderTemplate, ResponseModel, ValueTemplate } from '../model/dynamic-model.js';
import { isTemplate, parseTemplate } from '../templates/template-parser.js';
import type { TemplateIssue, TemplateModel } from '../templates/template-model.js';
import type { ConfigSource, DocPath } from './source.js';
import { templateProblem } from './template-place.js';
import { headerValueFits } from '../http/header-value.js';

export interface TemplateScope {
  source: ConfigSource;
  problems: Problem[];
  /** The endpoint, for messages. */
  label: string;
  /** The config's scenarios: `{{scenario.<name>}}` must name one. */
  scenarios?: ReadonlySet<string>;
  /** Templates may read `response.…` (a callback's). */
  response?: boolean;
  /** Templates may read `message…` (a WebSocket endpoint's, an SSE event's: the incoming frame, if any). */
  message?: boolean;
}

/** A header name as HTTP allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** One template string, or undefined (its problems reported) when it is not usable. */
export function compileTemplate(
  scope: TemplateScope,
  path: DocPath,
  text: string,
  part: 'key' | 'value' = 'value',
): TemplateModel | undefined {
  const parsed = parseTemplate(text);
  const issues = 'template' in parsed ? nameIssues(scope, parsed.template) : parsed.issues;
  if ('template' in parsed && issues.length === 0) return parsed.template;
  for (const issue of issues) {
    scope.problems.push(
      templateProblem(scope.source, path, text, issue, messages.template(scope.label, issue.message), part),
    );
  }
  return undefined;
}

/** The scenarios a template names that the config does not declare, and a `response.…` outside a callback. */
function nameIssues(scope: TemplateScope, template: TemplateModel): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  for (const use of template.names ?? []) {
    const at = { line: use.line, column: use.column };
    if (use.kind === 'response' && !scope.response)
      issues.push({
        code: 'templateUnknownName',
        message: "'response.…' is there only in a callback's templates; a response's templates read request.…",
        ...at,
      });
    if (use.kind === 'message' && !scope.message)
      issues.push({
        code: 'templateUnknownName',
        message: "'message' is there only in the templates of `websocket:` and `sse:` endpoints",
        ...at,
      });
    if (use.kind === 'scenario' && !scope.scenarios?.has(use.name)) {
      const known = [...(scope.scenarios ?? [])];
      issues.push({
        code: 'unknownScenario',
        message: messages.unknownScenario(use.name, known),
        ...at,
      });
    }
  }
  return issues;
}

/** A JSON value with its template strings compiled; `hasTemplates` is false when it is all constant. */
export function compileValue(
  scope: TemplateScope,
  path: DocPath,
  value: JsonValue,
): { value: ValueTemplate; hasTemplates: boolean; ok: boolean } {
  let hasTemplates = false;
  let ok = true;
  const walk = (node: JsonValue, at: DocPath): ValueTemplate => {
    if (typeof node === 'string') {
      if (!isTemplate(node)) return { kind: 'constant', value: node };
      hasTemplates = true;
      const template = compileTemplate(scope, at, node);
      if (!template) {
        ok = false;
        return { kind: 'constant', value: node };
      }
      return { kind: 'template', template };
    }
    if (node === null || typeof node !== 'object') return { kind: 'constant', value: node };
    if (Array.isArray(node)) {
      const items = node.map((item, i) => walk(item, [...at, i]));
      return items.every((i) => i.kind === 'constant') ? { kind: 'constant', value: node } : { kind: 'array', items };
    }
    const entries = Object.entries(node).map(([key, child]) => {
      let name: string | TemplateModel = key;
      if (isTemplate(key)) {
        hasTemplates = true;
        const template = compileTemplate(scope, [...at, key], key, 'key');
        if (template) name = template;
        else ok = false;
      }
      return { key: name, value: walk(child, [...at, key]) };
    });
    return entries.every((e) => typeof e.key === 'string' && e.value.kind === 'constant')
      ? { kind: 'constant', value: node }
      : { kind: 'object', entries };
  };
  const compiled = walk(value, path);
  return { value: compiled, hasTemplates, ok };
}

/** `headers:` with names checked and template values compiled. */
export function compileHeaders(
  scope: TemplateScope,
  path: DocPath,
  headers: Readonly<Record<string, string>> | undefined,
): HeaderTemplate[] | undefined {
  const out: HeaderTemplate[] = [];
  let ok = true;
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_NAME.test(name)) {
      scope.problems.push(
        scope.source.problemAt([...path, name], 'invalidHeaderName', messages.invalidHeaderName(name), 'error', 'key'),
      );
      ok = false;
      continue;
    }
    if (!isTemplate(value)) {
      if (!headerValueFits(value)) {
        scope.problems.push(
          scope.source.problemAt([...path, name], 'invalidHeaderValue', messages.invalidHeaderValue(name)),
        );
        ok = false;
        continue;
      }
      out.push({ name, value });
      continue;
    }
    const template = compileTemplate(scope, [...path, name], value);
    if (template) out.push({ name, value: template });
    else ok = false;
  }
  return ok ? out : undefined;
}

export interface ResponseParts {
  inline?: JsonValue | undefined;
  body?: string | undefined;
  contentType?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/**
 * A response rendered per request, `null` when it has a problem (reported), or undefined when it
 * is plain constant JSON with no headers (served precomputed, as before).
 */
export function compileResponse(
  scope: TemplateScope,
  path: DocPath,
  response: ResponseParts,
): ResponseModel | undefined | null {
  const headers = compileHeaders(scope, [...path, 'headers'], response.headers);
  if (response.body !== undefined && response.inline !== undefined) {
    scope.problems.push(
      scope.source.problemAt([...path, 'body'], 'bodyAndInline', messages.bodyAndInline(scope.label)),
    );
    return null;
  }
  if (response.body !== undefined) {
    const body = compileTemplate(scope, [...path, 'body'], response.body);
    if (!body || !headers) return null;
    return { kind: 'body', body, contentType: response.contentType, headers };
  }
  if (response.contentType !== undefined) {
    scope.problems.push(
      scope.source.problemAt(
        [...path, 'contentType'],
        'contentTypeWithoutBody',
        messages.contentTypeWithoutBody(scope.label),
        'warning',
        'key',
      ),
    );
  }
  const value = compileValue(scope, [...path, 'inline'], response.inline ?? null);
  if (!value.ok || !headers) return null;
  if (!value.hasTemplates && headers.length === 0) return undefined;
  return { kind: 'inline', value: value.value, headers };
}
