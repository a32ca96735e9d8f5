import { useEffect, useState } from 'react';
import { DialogFooter } from '../components/DialogFooter';
import { toText } from '../../../shared/src/field-text';
import type { TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { Modal } from '../components/Modal';
import { typeOf } from './field-text-input';

interface Props {
  client: StudioClient;
  table: TableInfo;
  onGenerate(count: number, seed: number): Promise<void>;
  onClose(): void;
}

const PREVIEW_ROWS = 3;

/** A whole-number box, named by its label's text. */
function NumberBox(props: { label: string; title?: string; value: string; onChange(value: string): void }) {
  return (
    <label title={props.title}>
      {props.label}{' '}
      <input
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        inputMode="numeric"
        size={8}
        aria-label={props.label}
      />
    </label>
  );
}

/**
 * "Generate N rows": values that fit each field's name in its schema, the same for the same random
 * seed. Three rows are previewed first, exactly as they would be inserted; a reference field picks
 * among the records that exist, and the notes under the preview say so.
 */
export function GenerateDialog({ client, table, onGenerate, onClose }: Props) {
  const [count, setCount] = useState('100');
  const [seed, setSeed] = useState('1');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  // The rows previewed, and the seed they were made with: while another seed's preview is on its
  // way, the rows shown are not the ones that would be inserted, and the dialog says so.
  const [preview, setPreview] = useState<{ seed: number; rows: Record<string, unknown>[] } | undefined>(undefined);
  // What reference fields pick from (the referenced table's ids), from the engine.
  const [notes, setNotes] = useState<string[]>([]);
  const n = Number(count);
  const s = Number(seed);
  const valid = Number.isInteger(n) && n >= 1 && n <= 100_000 && Number.isInteger(s);
  const fields = table.fields.filter((f) => !f.autoId);
  const stale = preview !== undefined && preview.seed !== s;
  const t = table.table;

  useEffect(() => {
    if (!Number.isInteger(s)) return;
    let current = true;
    // A short wait: typing a seed of several digits asks once, not once a digit.
    const timer = window.setTimeout(() => {
      client.call('tables.generatePreview', { table: t, count: PREVIEW_ROWS, seed: s }).then(
        (result) => {
          if (!current) return;
          setPreview({ seed: s, rows: result.rows });
          setNotes(result.notes ?? []);
        },
        (err: Error) => current && setError(err.message),
      );
    }, 150);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [client, t, s]);

  return (
    <Modal label={`Generate rows in ${t}`} onClose={onClose}>
      <form
        className="dialog generate-dialog"
        data-testid="generate-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          setBusy(true);
          onGenerate(n, s).then(onClose, (err: Error) => {
            setError(err.message);
            setBusy(false);
          });
        }}
      >
        <header>
          Generate rows in <b>{t}</b>
        </header>
        <div className="generate-inputs">
          <NumberBox label="Rows" value={count} onChange={setCount} />
          <NumberBox
            label="Random seed (same rows each time)"
            title="The same number gives the same rows each time; another number gives other rows."
            value={seed}
            onChange={setSeed}
          />
        </div>
        {!valid ? <p className="error">Rows: 1 to 100,000; the random seed is a whole number.</p> : null}
        {preview ? (
          <div className={stale ? 'generate-preview stale' : 'generate-preview'}>
            <span className="hint" data-testid="generate-preview-hint">
              {stale
                ? `Rows for seed ${preview.seed}; ${Number.isInteger(s) ? `updating for seed ${s}…` : 'the seed above is not a whole number.'}`
                : `The first ${PREVIEW_ROWS} rows, as they will be inserted:`}
            </span>
            <table data-testid="generate-preview" data-seed={preview.seed} aria-busy={stale}>
              <thead>
                <tr>
                  {fields.map((f) => (
                    <th key={f.name}>{f.name}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no id yet; their order is their identity.
                  <tr key={i}>
                    {fields.map((f) => (
                      <td key={f.name} title={toText(typeOf(f.type), row[f.name])}>
                        {toText(typeOf(f.type), row[f.name])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            {notes.length > 0 ? (
              <ul className="generate-notes" data-testid="generate-notes">
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <DialogFooter error={error} onCancel={onClose}>
          <button type="submit" className="primary" disabled={!valid || busy} data-testid="generate-go">
            {busy ? 'Generating…' : 'Generate'}
          </button>
        </DialogFooter>
      </form>
    </Modal>
  );
}
