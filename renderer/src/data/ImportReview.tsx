import { counted } from '../../../shared/src/plural';
import type { ColumnMapping, ImportPreview, TableInfo } from '../../../shared/src/studio-contract';

interface Props {
  table: TableInfo;
  fileName: string | undefined;
  preview: ImportPreview;
  mapping: ColumnMapping;
  onRemap(column: string, field: string): void;
}

/** An import's preview: which field each column of the file goes to (or none), the count of good and bad rows, and why each bad row is bad. */
export function ImportReview({ table, fileName, preview, mapping, onRemap }: Props) {
  return (
    <>
      <table className="mapping">
        <thead>
          <tr>
            <th>Column in {fileName}</th>
            <th>Field</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((column) => (
            <tr key={column}>
              <td>{column}</td>
              <td>
                <select
                  value={mapping[column] ?? ''}
                  onChange={(e) => onRemap(column, e.target.value)}
                  aria-label={`Field for ${column}`}
                >
                  <option value="">(leave out)</option>
                  {table.fields.map((f) => (
                    <option key={f.name} value={f.name}>
                      {f.name} ({f.type})
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="import-summary">
        {counted(preview.total, 'row')}: {preview.good} good, {preview.bad.length} bad.
      </p>
      {preview.bad.length ? (
        <ul className="bad-rows" data-testid="import-bad-rows">
          {preview.bad.slice(0, 200).map((b) => (
            <li key={`${b.row}-${b.reason}`}>
              Row {b.row}: {b.reason}
            </li>
          ))}
          {preview.bad.length > 200 ? <li>… and {preview.bad.length - 200} more</li> : null}
        </ul>
      ) : null}
    </>
  );
}
