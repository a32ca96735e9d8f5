import { useCallback, useEffect, useState } from 'react';
import { counted } from '../../../shared/src/plural';
import type { HiddenColumns as Hidden, TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { Modal } from '../components/Modal';
import { useFeedback } from '../feedback/feedback';
import { showValue } from './hidden-value';

interface Props {
  client: StudioClient;
  table: TableInfo;
}

/**
 * The columns a live table keeps for fields the config removed (the data a rename without
 * `renamedFrom` left behind): listed read-only under the grid, each restorable as a field (written
 * into the config and saved) or droppable after a confirmation that names the rows holding a value.
 */
export function HiddenColumns({ client, table }: Props) {
  const [hidden, setHidden] = useState<Hidden | undefined>(undefined);
  const [dropping, setDropping] = useState<Hidden['columns'][number] | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const { notify } = useFeedback();
  const name = table.table;
  const fieldsKey = table.fields.map((f) => f.name).join(',');
  const load = useCallback(async () => {
    if (table.orphaned) return setHidden(undefined);
    try {
      setHidden(await client.call('tables.hiddenColumns', { table: name }));
    } catch {
      setHidden(undefined); // the table went with a reload; the next one lists again
    }
  }, [client, name, table.orphaned]);
  // Again when the table's fields or row count change (a save, a restore, new rows).
  // biome-ignore lint/correctness/useExhaustiveDependencies: fieldsKey and rows are the triggers, not inputs.
  useEffect(() => {
    void load();
  }, [load, fieldsKey, table.rows]);

  if (!hidden || hidden.columns.length === 0) return null;
  const key = table.fields.find((f) => f.name === 'id')?.name;
  const act = async (work: () => Promise<string>) => {
    setFailure(undefined);
    try {
      notify(await work());
      await load();
    } catch (err) {
      setFailure((err as Error).message);
    }
  };
  return (
    <section className="hidden-columns" aria-label={`Hidden columns of ${name}`} data-testid="hidden-columns">
      <details>
        <summary>
          {counted(hidden.columns.length, 'hidden column')} kept from removed fields:{' '}
          {hidden.columns.map((c) => `${c.name} (${counted(c.values, 'value')})`).join(', ')}
        </summary>
        <p className="muted">
          Their data is kept but no endpoint shows it. A renamed field carries its data with <code>renamedFrom:</code>.
          Restore a column as a field to see its values again.
        </p>
        <ul className="hidden-column-actions">
          {hidden.columns.map((c) => (
            <li key={c.name}>
              <code>{c.name}</code> <span className="muted">{c.type}</span>
              <button
                type="button"
                className="btn"
                onClick={() =>
                  void act(async () => {
                    await client.call('tables.restoreHiddenColumn', { table: name, column: c.name });
                    return `Restored ${c.name} as a field of ${name}`;
                  })
                }
              >
                Restore as field
              </button>
              <button type="button" className="btn danger" onClick={() => setDropping(c)}>
                Drop…
              </button>
            </li>
          ))}
        </ul>
        {failure ? (
          <p className="error-text" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="table-scroll">
          <table className="hidden-columns-table">
            <caption className="muted">
              Read-only; the first {counted(hidden.rows.length, 'row')} of {hidden.total}
            </caption>
            <thead>
              <tr>
                {key ? <th scope="col">{key}</th> : null}
                {hidden.columns.map((c) => (
                  <th key={c.name} scope="col">
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hidden.rows.map((row, i) => (
                <tr key={key ? String(row[key]) : i}>
                  {key ? <td>{showValue(row[key])}</td> : null}
                  {hidden.columns.map((c) => (
                    <td key={c.name}>{showValue(row[c.name])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {dropping ? (
        <Modal label={`Drop column ${dropping.name}`} role="alertdialog" onClose={() => setDropping(undefined)}>
          <div className="dialog" data-testid="drop-hidden-dialog">
            <p>
              Drop column {dropping.name} of {name}? {counted(dropping.values, 'row')} of {hidden.total} hold a value in
              it; those values are lost for good.
            </p>
            <footer>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  const column = dropping.name;
                  setDropping(undefined);
                  void act(async () => {
                    const { dropped } = await client.call('tables.dropHiddenColumn', { table: name, column });
                    return `Dropped ${column} (${counted(dropped, 'value')})`;
                  });
                }}
              >
                Drop column
              </button>
              <button type="button" onClick={() => setDropping(undefined)}>
                Cancel
              </button>
            </footer>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
