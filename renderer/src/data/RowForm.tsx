import { CloseButton } from '../components/CloseButton';
import { DialogFooter } from '../components/DialogFooter';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldSummary } from '../../../shared/src/service-summary';
import { StudioError } from '../../../shared/src/studio-error';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { useReturnFocus } from '../components/use-return-focus';
import { editorText, editorValue, typeOf } from './field-text-input';
import { FieldInput } from './FieldInput';
import type { LoadOptions } from './ReferenceInput';

type Row = Record<string, unknown>;

interface Props {
  table: TableInfo;
  /** A row to start from (Duplicate): its unique fields and auto id are left empty. */
  source: Row | undefined;
  /** Inserts the row; rejects with the engine's StudioError (its `field` says where to show it). */
  onCreate(row: Row): Promise<void>;
  onClose(): void;
  /** The records a reference field offers (undefined for other fields). */
  loadFor(field: string): LoadOptions | undefined;
  /** Whether a row already holds `value` in the unique field `field` (asked only when other errors show). */
  isTaken(field: string, value: unknown): Promise<boolean>;
}

/** The text each input starts with: the source row's value, else the field's default. */
function startText(field: FieldSummary, source: Row | undefined): string {
  if (field.autoId) return '';
  const type = typeOf(field.type);
  if (source) return field.unique ? '' : editorText(type, source[field.name]);
  return field.default === undefined ? '' : editorText(type, field.default);
}

/**
 * The new-row form, a drawer beside the grid: one typed input per field, required ones marked,
 * defaults filled in, the auto id shown as "auto". The row is created only when the engine accepts
 * it; its message otherwise shows on the field it names.
 */
export function RowForm({ table, source, onCreate, onClose, loadFor, isTaken }: Props) {
  const base = useId();
  const fields = table.fields;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, startText(f, source)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const inputId = (name: string) => `${base}-${name}`;
  // Closed or created: back to the button that opened the form (or to the grid).
  useReturnFocus(() => document.querySelector<HTMLElement>('[data-testid="grid"]'));

  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input:not([readonly]), select, textarea')?.focus();
  }, []);

  const focusField = (name: string) => document.getElementById(inputId(name))?.focus();

  const submit = async () => {
    const row: Row = {};
    const local: Record<string, string> = {};
    for (const f of fields) {
      const text = texts[f.name] ?? '';
      // An empty input sends nothing: the engine fills in the default. A required field with no
      // default is named here, with every type error, all at once (not one per Create).
      if (!f.autoId && text === '' && f.required && f.default === undefined)
        local[f.name] = `Field '${f.name}' is required.`;
      if (f.autoId || text === '') continue;
      const parsed = editorValue(typeOf(f.type), text);
      if (parsed.ok) row[f.name] = parsed.value;
      else local[f.name] = `Value ${parsed.message}.`;
    }
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

  return (
    <form
      ref={form}
      className="row-form"
      aria-label={source ? `Duplicate row in ${table.table}` : `New row in ${table.table}`}
      data-testid="row-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header>
        <span>
          {source ? 'Duplicate row in ' : 'New row in '}
          <b>{table.table}</b>
        </span>
        <CloseButton label="Close" onClose={onClose} />
      </header>
      <div className="row-form-fields">
        {fields.map((f) => {
          const id = inputId(f.name);
          const error = errors[f.name];
          return (
            <div key={f.name} className={`row-form-field${error ? ' invalid' : ''}`}>
              <div className="row-form-label">
                <label htmlFor={id}>{f.name}</label>
                {f.required && !f.autoId ? (
                  <span className="required" title="Required" aria-hidden="true">
                    *
                  </span>
                ) : null}
                <span className="hint" id={`${id}-hint`}>
                  {f.type === 'datetime' ? 'datetime, UTC' : f.type}
                  {f.required && !f.autoId ? ', required' : ''}
                  {f.unique && !f.autoId ? ', unique' : ''}
                  {f.references ? `, references ${f.references.table}.${f.references.field}` : ''}
                </span>
              </div>
              <FieldInput
                id={id}
                field={f}
                text={texts[f.name] ?? ''}
                error={error}
                load={loadFor(f.name)}
                describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
                onChange={(text) => {
                  setTexts((all) => ({ ...all, [f.name]: text }));
                  setErrors(({ [f.name]: _, ...rest }) => rest);
                }}
              />
              {error ? (
                <div className="field-error" id={`${id}-error`} role="alert" data-testid="field-error">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      {formError ? (
        <p className="field-error" role="alert">
          {formError}
        </p>
      ) : null}
      <DialogFooter onCancel={onClose}>
        <button type="submit" className="primary" disabled={busy}>
          Create row
        </button>
      </DialogFooter>
    </form>
  );
}
