import type { TableInfo } from '../../../shared/src/studio-contract';

/** Why a table cannot be edited, or shows no rows, in words under the toolbar. */
export function DataNotes(p: {
  table: TableInfo;
  keyField: string | undefined;
  total: number;
  error: unknown;
  filter: string;
  /** json-server mode: the undeclared fields the rows shown hold. */
  extraFields: { name: string }[];
}) {
  return (
    <>
      {p.table.orphaned ? (
        <p className="empty">
          This table belongs to a schema that was removed from the config; its data is kept, read-only.
        </p>
      ) : null}
      {!p.table.orphaned && p.keyField === undefined ? (
        <p className="empty">This schema has no id field, so rows can be added here but not edited.</p>
      ) : null}
      {p.table.extras && p.extraFields.length > 0 ? (
        <p className="empty" data-testid="extra-fields-note">
          {p.extraFields.map((f) => f.name).join(', ')}: fields added by writes (the db.json never had them), marked
          extra and read-only here (change them through the API, or Convert to a config and declare them). Editing the
          other fields keeps them.
        </p>
      ) : null}
      {p.total === 0 && !p.error ? (
        <p className="empty">
          No rows{p.filter ? ' match the filter' : ' yet: add one, or generate or import some from More'}.
        </p>
      ) : null}
    </>
  );
}

/** The Data tab with no table at all. */
export function NoTables() {
  return (
    <div className="empty-state" data-testid="data-empty">
      <h3>No tables</h3>
      <p>
        Declare a schema under <code>schemas:</code> and save: its table appears here.
      </p>
    </div>
  );
}
