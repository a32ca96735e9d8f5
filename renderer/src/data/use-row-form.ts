import { useState } from 'react';
import type { FieldSummary } from '../../../shared/src/service-summary';
import { StudioError } from '../../../shared/src/studio-error';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { editorText, editorValue, typeOf } from './field-text-input';

type Row = Record<string, unknown>;

/** The text each input starts with: the source row's value, else the field's default. */
function startText(field: FieldSummary, source: Row | undefined): string {
  if (field.autoId) return '';
  const type = typeOf(field.type);
  if (source) return field.unique ? '' : editorText(type, source[field.name]);
  return field.default === undefined ? '' : editorText(type, field.default);
}

/**
 * The row the inputs make, and what is wrong with it before the engine is asked: an empty input sends
 * nothing (the engine fills in the default); a required field with no default is named, with every
 * type error, all at once (not one per Create).
 */
function rowOf(fields: FieldSummary[], texts: Record<string, string>): { row: Row; errors: Record<string, string> } {
  const row: Row = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const text = texts[f.name] ?? '';
    if (!f.autoId && text === '' && f.required && f.default === undefined)
      errors[f.name] = `Field '${f.name}' is required.`;
    if (f.autoId || text === '') continue;
    const parsed = editorValue(typeOf(f.type), text);
    if (parsed.ok) row[f.name] = parsed.value;
    else errors[f.name] = `Value ${parsed.message}.`;
  }
  return { row, errors };
}

interface Options {
  table: TableInfo;
  source: Row | undefined;
  onCreate(row: Row): Promise<void>;
  isTaken(field: string, value: unknown): Promise<boolean>;
  /** Moves the focus to a field's input (the first one in error). */
  focusField(name: string): void;
}

/**
 * The new-row form's state: each input's text, the errors by field and the form's own, and Create:
 * the row is created only when the engine accepts it; its refusal otherwise shows on the field it names.
 */
export function useRowForm({ table, source, onCreate, isTaken, focusField }: Options) {
  const fields = table.fields;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, startText(f, source)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const { row, errors: local } = rowOf(fields, texts);
    // With other errors to show, a unique value that is already taken is named with them, so every
    // error shows at once; otherwise the engine's own check on Create names it.
    if (Object.keys(local).length > 0) {
      const unique = fields.filter((f) => f.unique && !f.autoId && row[f.name] !== undefined && !local[f.name]);
      const taken = await Promise.all(unique.map((f) => isTaken(f.name, row[f.name]).catch(() => false)));
      unique.forEach((f, i) => {
        if (taken[i]) local[f.name] = `A ${table.schema} with ${f.name} ${String(row[f.name])} already exists.`;
      });
    }
    setErrors(local);
    setFormError(undefined);
    const firstBad = fields.find((f) => local[f.name]);
    if (firstBad) return focusField(firstBad.name);
    setBusy(true);
    try {
      await onCreate(row);
    } catch (err) {
      const field = err instanceof StudioError ? err.field : undefined;
      const message = (err as Error).message;
      if (field && fields.some((f) => f.name === field)) {
        setErrors({ [field]: message });
        focusField(field);
      } else setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  /** A field's new text; its error goes until the next Create. */
  const change = (field: string, text: string) => {
    setTexts((all) => ({ ...all, [field]: text }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  return { texts, errors, formError, busy, submit, change };
}
