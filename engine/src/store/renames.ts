import { messages } from '../../../shared/src/messages.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { RenameModel, ServiceModel } from '../model/service-model.js';

/** One `renamedFrom:` as the stores carry it out: a table (a schema's) or a column (a field's) from the old name to the new. */
export interface PlannedRename {
  kind: 'table' | 'column';
  /** The table the rename happens in (for a column, its schema's table, after any table rename). */
  table: string;
  from: string;
  to: string;
  /** Where the `renamedFrom:` is and the path to it, for a problem when it cannot be made. */
  declared: RenameModel;
  path: (string | number)[];
}

/** The declared renames, tables first (a column rename names the table by its new name). */
export function plannedRenames(model: ServiceModel): PlannedRename[] {
  const tables: PlannedRename[] = [];
  const columns: PlannedRename[] = [];
  for (const schema of model.schemas.values()) {
    const rename = schema.renamedFrom;
    if (rename?.table !== undefined && rename.table !== schema.table)
      tables.push({
        kind: 'table',
        table: schema.table,
        from: rename.table,
        to: schema.table,
        declared: rename,
        path: ['schemas', schema.name, 'renamedFrom'],
      });
    for (const field of schema.fields)
      if (field.renamedFrom && field.renamedFrom.from !== field.name)
        columns.push({
          kind: 'column',
          table: schema.table,
          from: field.renamedFrom.from,
          to: field.name,
          declared: field.renamedFrom,
          path: ['schemas', schema.name, 'properties', field.name, 'renamedFrom'],
        });
  }
  return [...tables, ...columns];
}

/**
 * A declared rename the database cannot make: the new table or column already holds data (made by a
 * reload before the rename was declared, or by another program). Carries the problem, positioned at
 * the `renamedFrom:`, that the apply reports instead of a bare migration failure.
 */
export class RenameBlocked extends Error {
  readonly problem: Problem;
  constructor(rename: PlannedRename, rows: number) {
    const what = rename.kind === 'table' ? 'table' : `column of table '${rename.table}'`;
    super(messages.renameTargetTaken(what, rename.from, rename.to, rows));
    this.name = 'RenameBlocked';
    this.problem = {
      code: 'renameCollision',
      severity: 'error',
      message: this.message,
      range: rename.declared.range,
      path: rename.path,
    };
  }
}
