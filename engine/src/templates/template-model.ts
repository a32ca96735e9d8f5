/** A template found in the config, parsed and checked; compiled to a function once per config version. */
export interface TemplateModel {
  /** The text as written. */
  source: string;
  /** The parsed program; for a single tag, rewritten to hand back the value itself (see parse-template.ts). */
  ast: hbs.AST.Program;
  /** The string is exactly one tag: it takes the value and type of what it names. */
  single: boolean;
  /** It reads `request.body` (so the body must be read first). */
  readsBody: boolean;
  /** It calls `faker` (so faker must be loaded first). */
  usesFaker: boolean;
  /** The `scenario.<name>` and `response.…` values it reads (checked against the config, which the parser does not know). */
  names?: NameUse[];
}

/** A `scenario.<name>`, `response.…` or `message…` (a WebSocket frame's) read by a template, where it is in the template's text. */
export interface NameUse {
  kind: 'scenario' | 'response' | 'message';
  /** The scenario's name; empty for `response`. */
  name: string;
  line: number;
  column: number;
}

/** A problem in a template, placed within the template's own text (1-based line, 0-based column). */
export interface TemplateIssue {
  code: string;
  message: string;
  line: number;
  column: number;
}
