/**
 * What an endpoint does beyond its fixed response: templates, rules, its own latency and faults.
 * Part of the compiled model (see service-model.ts); an endpoint without any of these has none.
 */
import type { RE2JS } from 're2js';
import type { JsonValue } from '../../../shared/src/config-schema.js';
import type { FaultKind } from '../../../shared/src/effect-schema.js';
import type { TemplateModel } from '../templates/template-model.js';

export interface LatencyModel {
  min: number;
  max: number;
}

/** A JSON value whose strings may be templates: constant parts are kept as they are. */
export type ValueTemplate =
  | { kind: 'constant'; value: JsonValue }
  | { kind: 'template'; template: TemplateModel }
  | { kind: 'array'; items: ValueTemplate[] }
  | { kind: 'object'; entries: { key: string | TemplateModel; value: ValueTemplate }[] };

/** A response that is rendered per request: JSON (`inline`) or text (`body`), with headers. */
export type ResponseModel =
  | { kind: 'inline'; value: ValueTemplate; headers: HeaderTemplate[] }
  | { kind: 'body'; body: TemplateModel; contentType: string | undefined; headers: HeaderTemplate[] };

export interface HeaderTemplate {
  name: string;
  value: string | TemplateModel;
}

export interface FaultModel {
  rate: number;
  /** Answer this status, or break the connection (`kind`). */
  status: number | undefined;
  kind: FaultKind | undefined;
}

export type ConditionTarget = 'params' | 'query' | 'headers' | 'body' | 'method' | 'scenario';

/** One test of a condition; every test of every condition of a rule must hold. */
export type ConditionTest =
  | { op: 'equals'; text: string }
  | { op: 'regex'; regex: RE2JS }
  | { op: 'in'; texts: ReadonlySet<string> }
  | { op: 'present'; present: boolean }
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; number: number };

export interface ConditionModel {
  /** As written, e.g. `body.user.name`. */
  label: string;
  target: ConditionTarget;
  /** The parameter, query or header name, or the body path (keys and indexes); empty for `method`. */
  path: (string | number)[];
  tests: ConditionTest[];
}

export interface RuleModel {
  /** 1-based position in `rules:`, for notes and the studio. */
  number: number;
  line: number;
  when: ConditionModel[];
  status: number | undefined;
  response: ResponseModel | undefined;
  headers: HeaderTemplate[];
  latency: LatencyModel | undefined;
  fault: FaultModel | undefined;
  /** A condition reads the request body. */
  readsBody: boolean;
  /** `setScenario`: states set once this rule's answer is chosen. */
  setScenario?: Readonly<Record<string, string>>;
  /** Webhooks sent after the answer, instead of the endpoint's. */
  callbacks?: CallbackModel[];
}

export interface DynamicModel {
  /** The endpoint's own response when it is rendered per request (templates or headers); else undefined. */
  response: ResponseModel | undefined;
  latency: LatencyModel | undefined;
  fault: FaultModel | undefined;
  rules: RuleModel[];
  setScenario?: Readonly<Record<string, string>>;
  callbacks?: CallbackModel[];
}

/** A webhook, compiled: sent after the response to the origin the config wrote out. */
export interface CallbackModel {
  /** The URL template (or the constant URL). */
  url: string | TemplateModel;
  /** `http://host:port` as written in the config: a rendered URL must keep it. */
  origin: string;
  method: string;
  delay: number;
  timeout: number;
  headers: HeaderTemplate[];
  body: ResponseModel | undefined;
  /** Line in the config, for the log. */
  line: number;
}
