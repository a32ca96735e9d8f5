/**
 * json-server 0.17 reads `application/x-www-form-urlencoded` bodies as well as JSON (body-parser's
 * urlencoded, not extended): each field's value is its text, a repeated field a list of texts. In
 * json-server mode a form body is read so too; a field the schema declares is read as its type reads
 * text (`age=30` is 30; unreadable text stays text, which the write then refuses naming the field),
 * an undeclared one stays text, as json-server stores it. The body's size is bounded as any body's;
 * its field count by MAX_FORM_FIELDS (body-parser's parameterLimit).
 */
import type { IncomingMessage } from 'node:http';
import { fromText } from '../../../shared/src/field-text.js';
import { HttpError } from '../http/http-error.js';
import type { SchemaModel } from '../model/service-model.js';

/** The most fields a form body may have (body-parser's default parameterLimit). */
export const MAX_FORM_FIELDS = 1000;

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** Whether the request says its body is a form. */
export const isFormBody = (req: IncomingMessage): boolean => FORM_TYPE.test(req.headers['content-type'] ?? '');

/** A form body as the record json-server would store, read for `schema` (when known). */
export function formRecord(text: string, schema: SchemaModel | undefined): Record<string, unknown> {
  const params = new URLSearchParams(text);
  const record: Record<string, unknown> = {};
  let count = 0;
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    count += values.length;
    if (count > MAX_FORM_FIELDS) throw new HttpError(413, `A form body may have at most ${MAX_FORM_FIELDS} fields.`);
    const field = schema?.fieldMap.get(name);
    const typed = values.map((raw) => {
      if (!field || field.type === 'string') return raw;
      const read = fromText(field.type, raw);
      return read.ok ? read.value : raw;
    });
    record[name] = typed.length === 1 ? typed[0] : typed;
  }
  return record;
}

/** A write's body in json-server mode: a form read as formRecord, anything else as JSON. */
export function jsonServerBody(
  ctx: { req: IncomingMessage; text(): Promise<string>; body(): Promise<unknown> },
  schema: SchemaModel | undefined,
): Promise<unknown> {
  return isFormBody(ctx.req) ? ctx.text().then((text) => formRecord(text, schema)) : ctx.body();
}

/**
 * An update's body without the key fields: json-server keeps the path's id whatever the body says
 * (PUT /posts/1 with `"id": 2` updates post 1, and PUT /posts/9001 with `"id": 1` is a 404).
 */
export function withoutKey(body: unknown, columns: readonly string[]): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const rest: Record<string, unknown> = { ...body };
  for (const column of columns) delete rest[column];
  return rest;
}
