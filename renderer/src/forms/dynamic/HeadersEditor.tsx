import type { EditOutcome } from '../edit-queue';
import { NewPairForm } from '../NewPairForm';
import { MapEntry } from '../MapEntry';
import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { TemplateField } from './TemplateField';
import { TextPreview } from './TemplatePreview';

const asHeaders = (v: unknown): [string, string][] =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? Object.entries(v).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)])
    : [];

/** What each kind of headers does, shown under its legend: the two sit side by side in a rule's card. */
const HINTS: Record<string, string> = {
  'Response headers': 'Sent with this response.',
  'Rule headers': 'Added when the rule matches, on top of the headers of the answer it gives; a same name wins.',
};

/** Response headers by name; each value may be a template (highlighted and previewed). */
export function HeadersEditor({ label, at, value }: { label: string; at: DocPath; value: unknown }) {
  const { submit } = useForms();
  const rows = asHeaders(value);
  const add = async (name: string, text: string): Promise<EditOutcome> => {
    const header = name.trim();
    if (!header) return { ok: false, message: 'Give the header a name.' };
    if (rows.some(([n]) => n.toLowerCase() === header.toLowerCase()))
      return { ok: false, message: `There is already a header '${header}'.` };
    return submit((t) => modify(t, [...at, header], text), [...at, header]);
  };
  return (
    <fieldset className="form-group headers-editor" aria-label={label}>
      <legend>{label}</legend>
      {HINTS[label] ? <p className="muted headers-hint">{HINTS[label]}</p> : null}
      {rows.map(([header, v]) => (
        <MapEntry
          key={header}
          at={at}
          name={header}
          keyLabel={`Header name ${header}`}
          kind="header"
          className="header-row"
        >
          <TemplateField
            label={`Value of ${header}`}
            bare
            singleLine
            value={v}
            at={[...at, header]}
            onCommit={(next) => submit((t) => modify(t, [...at, header], next), [...at, header])}
            after={(draft) => <TextPreview template={draft} label={`Preview of header ${header}`} />}
          />
        </MapEntry>
      ))}
      <NewPairForm
        label={`New ${label.toLowerCase()}`}
        name={{ label: 'Header name', placeholder: 'X-Header' }}
        value={{ label: 'Header value', placeholder: 'value or {{template}}' }}
        add="Add header"
        onAdd={add}
      />
    </fieldset>
  );
}
