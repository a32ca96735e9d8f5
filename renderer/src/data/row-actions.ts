import { counted } from '../../../shared/src/plural';
import type { DataFormat } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { download } from './download';
import type { Change } from './undo-stack';

type Row = Record<string, unknown>;

interface Context {
  client: StudioClient;
  table: string;
  keyField: string | undefined;
  /** The keys of the chosen rows, as the grid gives them (text). */
  chosen: ReadonlySet<string>;
  onChosen(keys: Set<string>): void;
  /** Opens the new-row form started from a row. */
  onDuplicate(source: Row): void;
  record(change: Change): void;
}

const keyOf = (text: string): string | number => (/^\d+$/.test(text) ? Number(text) : text);

/** The toolbar's and menu's row actions; each resolves to the confirmation to show (or nothing). */
export function rowActions(c: Context) {
  const t = c.table;
  return {
    exportAs: async (format: DataFormat) => {
      const file = await c.client.call('tables.export', { table: t, format });
      download(file.filename, file.text, format === 'json' ? 'application/json' : 'text/csv');
      return `Exported ${t} as ${format.toUpperCase()}`;
    },
    duplicate: async () => {
      const key = [...c.chosen][0];
      if (key === undefined || !c.keyField) return undefined;
      const filter = new URLSearchParams({ [c.keyField]: key }).toString();
      const found = await c.client.call('tables.query', { table: t, filter, offset: 0, limit: 1 });
      const source = found.rows[0];
      if (!source) throw new Error(`Row ${key} of ${t} is gone; it may have been deleted.`);
      c.onDuplicate(source);
      return undefined;
    },
    deleteChosen: async () => {
      const result = await c.client.call('tables.delete', { table: t, keys: [...c.chosen].map(keyOf) });
      if (result.rows.length) c.record({ kind: 'delete', rows: result.rows });
      c.onChosen(new Set());
      // The Delete button is disabled now that nothing is chosen: the focus goes to the grid, not to <body>.
      document.querySelector<HTMLElement>('[data-testid="grid"]')?.focus();
      return `${counted(result.deleted, 'row')} deleted`;
    },
  };
}
