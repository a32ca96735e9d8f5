import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { WrittenSchema } from '../../../shared/src/config-edit/as-written';
import { renameSchemaEverywhere } from '../../../shared/src/config-edit/renames';
import { tableNameFor } from '../../../shared/src/table-name';
import { useForms } from './form-context';
import { FormFooter } from './FormFooter';
import { oneEdit, schemaOrigin } from './rename-edits';
import { schemaNameProblem } from './schema-name';
import { SchemaNameField, TablePreview } from './SchemaNameField';

/**
 * Rename schema: the new name is checked as New schema checks it (with the table it will have), then
 * one edit renames the key, writes `renamedFrom:` (so the table keeps its rows) and follows the name
 * into endpoints, references and the seed. `onDone(name)` after a rename, `onDone()` on Cancel.
 */
export function RenameSchemaForm({ schema, onDone }: { schema: WrittenSchema; onDone(name?: string): void }) {
  const { written, saved, submit, readOnly } = useForms();
  const [name, setName] = useState(schema.name);
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const trimmed = name.trim();
  const unchanged = trimmed === schema.name;
  const problem = unchanged
    ? undefined
    : schemaNameProblem(
        trimmed,
        written.schemas.map((s) => s.name),
      );

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (unchanged) return onDone();
    if (problem) return setRefused(problem);
    const origin = schemaOrigin(saved, schema);
    const outcome = await submit(
      (text) => oneEdit(text, renameSchemaEverywhere(text, schema.name, trimmed, origin)),
      ['schemas', trimmed],
    );
    if (outcome.ok) onDone(trimmed);
    else setRefused(outcome.message);
  };

  return (
    <form
      className="form-confirm"
      aria-label={`Rename schema ${schema.name}`}
      onSubmit={(e) => void rename(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <SchemaNameField
        label="New name"
        input={{ id: 'rename-schema-name', value: name, ref: input }}
        onChange={(v) => {
          setName(v);
          setRefused(undefined);
        }}
        problem={problem}
        refused={refused}
        testId="rename-preview"
      >
        <TablePreview name={trimmed} />
        {unchanged ? null : ` (renamed from ${tableNameFor(schema.name)} with its rows)`}. Endpoints, references and
        seed rows follow the new name.
      </SchemaNameField>
      <FormFooter
        submit="Rename schema"
        disabled={readOnly || problem !== undefined || unchanged}
        onCancel={() => onDone()}
      />
    </form>
  );
}
