import { CloseButton } from '../components/CloseButton';
import { DialogFooter } from '../components/DialogFooter';
import { useEffect, useId, useRef } from 'react';
import type { TableInfo } from '../../../shared/src/studio-contract';
import { useReturnFocus } from '../components/use-return-focus';
import type { LoadOptions } from './ReferenceInput';
import { RowFormField } from './RowFormField';
import { useRowForm } from './use-row-form';

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

/**
 * The new-row form, a drawer beside the grid: one typed input per field, required ones marked,
 * defaults filled in, the auto id shown as "auto". The row is created only when the engine accepts
 * it; its message otherwise shows on the field it names.
 */
export function RowForm({ table, source, onCreate, onClose, loadFor, isTaken }: Props) {
  const base = useId();
  const fields = table.fields;
  const form = useRef<HTMLFormElement>(null);
  const inputId = (name: string) => `${base}-${name}`;
  const state = useRowForm({
    table,
    source,
    onCreate,
    isTaken,
    focusField: (name) => document.getElementById(inputId(name))?.focus(),
  });
  // Closed or created: back to the button that opened the form (or to the grid).
  useReturnFocus(() => document.querySelector<HTMLElement>('[data-testid="grid"]'));

  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input:not([readonly]), select, textarea')?.focus();
  }, []);

  return (
    <form
      ref={form}
      className="row-form"
      aria-label={source ? `Duplicate row in ${table.table}` : `New row in ${table.table}`}
      data-testid="row-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void state.submit();
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
        {fields.map((f) => (
          <RowFormField
            key={f.name}
            id={inputId(f.name)}
            field={f}
            text={state.texts[f.name] ?? ''}
            error={state.errors[f.name]}
            load={loadFor(f.name)}
            onChange={(text) => state.change(f.name, text)}
          />
        ))}
      </div>
      {state.formError ? (
        <p className="field-error" role="alert">
          {state.formError}
        </p>
      ) : null}
      <DialogFooter onCancel={onClose}>
        <button type="submit" className="primary" disabled={state.busy}>
          Create row
        </button>
      </DialogFooter>
    </form>
  );
}
