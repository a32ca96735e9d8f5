import { type FormEvent, useState } from 'react';
import type { WrittenSchema } from '../../../shared/src/config-edit/as-written';
import { modify } from '../../../shared/src/config-edit/index';
import { type FieldMention, fieldMentions, renameFieldEverywhere } from '../../../shared/src/config-edit/renames';
import type { EditOutcome } from './edit-queue';
import { fieldOrigin, oneEdit } from './rename-edits';
import { FIELD_TYPES } from '../../../shared/src/config-schema';
import { FieldRow } from './FieldRow';
import { useForms } from './form-context';
import { useAddForm } from './use-add-form';
import { AddForm } from './AddForm';

/** A schema's fields, one row each, and the row that adds one. */
export function FieldsTable({ schema }: { schema: WrittenSchema }) {
  const { submit, readOnly, saved } = useForms();
  const [mentions, setMentions] = useState<{ field: string; found: FieldMention[] } | undefined>(undefined);
  const form = useAddForm({ name: '', type: 'string' });
  const { name, type } = form.values;
  const properties = [...schema.path, 'properties'];

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const field = name.trim();
    if (!field) return form.refuse('Give the field a name.');
    if (schema.fields.some((f) => f.name === field))
      return form.refuse(`${schema.name} already has a field '${field}'.`);
    // A refused name stays in the box, with the reason, to be corrected.
    form.settle(await submit((text) => modify(text, [...properties, field], type), [...properties, field]), ['name']);
  };

  // One undo step: the key, renamedFrom (so the rows keep their values), seed rows, key: and references.
  const rename = async (from: string, to: string): Promise<EditOutcome> => {
    if (to === from) return { ok: true };
    let found: FieldMention[] = [];
    const outcome = await submit(
      (text) => {
        found = fieldMentions(text, schema.name, from);
        const origin = fieldOrigin(saved, schema, from);
        return oneEdit(text, renameFieldEverywhere(text, schema.name, from, to, origin));
      },
      [...properties, to],
    );
    if (outcome.ok) setMentions(found.length > 0 ? { field: from, found } : undefined);
    return outcome;
  };

  const names = schema.fields.map((f) => f.name);
  return (
    <div className="fields">
      <div className="table-scroll">
        <table className="fields-table">
          <colgroup>
            <col className="name" />
            <col className="type" />
            <col className="check" />
            <col className="check" />
            <col className="default" />
            <col />
            <col className="actions" />
          </colgroup>
          <thead>
            <tr>
              <th>Field</th>
              <th>Type</th>
              <th className="center" title="Required: creates and replaces must send it">
                Req.
              </th>
              <th className="center" title="Unique: no two records share a value">
                Uniq.
              </th>
              <th>Default</th>
              <th>Description</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {schema.fields.map((field, i) => (
              <FieldRow
                key={field.name}
                field={field}
                previous={names[i - 1]}
                next={names[i + 1]}
                onRename={(to) => rename(field.name, to)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <AddForm
        label="New field"
        className="new-field"
        add="Add field"
        refused={form.refused}
        onSubmit={(e) => void add(e)}
      >
        <input
          aria-label="Field name"
          placeholder="new field name"
          value={name}
          disabled={readOnly}
          aria-invalid={form.refused !== undefined || undefined}
          onChange={(e) => form.put({ name: e.target.value })}
        />
        <select aria-label="Type" value={type} disabled={readOnly} onChange={(e) => form.put({ type: e.target.value })}>
          {FIELD_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </AddForm>
      {mentions ? (
        <div className="form-note" role="status" data-testid="field-mentions">
          <p>
            These still name <code>{mentions.field}</code> (request and response shapes are not renamed; follow them if
            they mean the field):
          </p>
          <ul>
            {mentions.found.map((m) => (
              <li key={m.path.join('.')}>
                <code>{m.text}</code> <span className="muted">at {m.path.join('.')}</span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn" onClick={() => setMentions(undefined)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
