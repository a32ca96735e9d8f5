import { type FormEvent, useState } from 'react';
import { modify } from '../../../shared/src/config-edit/index';
import { useForms } from './form-context';
import { FormFooter } from './FormFooter';
import { schemaNameProblem } from './schema-name';
import { SchemaNameField, TablePreview } from './SchemaNameField';

/** Names a new schema (checked as typed) and writes it with an `id` field, which every table needs. */
export function NewSchemaForm({ onCreated, onCancel }: { onCreated(name: string): void; onCancel(): void }) {
  const { written, submit, readOnly } = useForms();
  const [name, setName] = useState('');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const trimmed = name.trim();
  const problem = schemaNameProblem(
    trimmed,
    written.schemas.map((s) => s.name),
  );

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (problem) return setRefused(problem);
    const at = ['schemas', trimmed];
    const outcome = await submit((text) => modify(text, at, { properties: { id: 'integer' } }), at);
    if (outcome.ok) onCreated(trimmed);
    else setRefused(outcome.message);
  };

  return (
    <form className="form-card" aria-label="New schema" onSubmit={(e) => void create(e)}>
      <SchemaNameField
        label="Schema name"
        input={{ id: 'new-schema-name', value: name, placeholder: 'BlogPost' }}
        onChange={(v) => {
          setName(v);
          setRefused(undefined);
        }}
        problem={trimmed ? problem : undefined}
        refused={refused}
        testId="table-preview"
      >
        {trimmed ? <TablePreview name={trimmed} /> : 'A capitalised singular name, e.g. BlogPost (table blog_posts).'}
      </SchemaNameField>
      <FormFooter submit="Create schema" disabled={readOnly || problem !== undefined} onCancel={onCancel} />
    </form>
  );
}
