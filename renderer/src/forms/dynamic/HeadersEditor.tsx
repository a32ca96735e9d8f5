import { X } from 'lucide-react';
import { NewPairForm } from '../NewPairForm';
import { type FormEvent, useState } from 'react';
import { type DocPath, modify, renameKey } from '../../../../shared/src/config-edit/index';
import { useForms } from '../form-context';
import { Messages, TextInput } from '../inputs';
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
  const { submit, readOnly } = useForms();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const rows = asHeaders(value);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const header = name.trim();
    if (!header) return setRefused('Give the header a name.');
    if (rows.some(([n]) => n.toLowerCase() === header.toLowerCase()))
      return setRefused(`There is already a header '${header}'.`);
    const outcome = await submit((t) => modify(t, [...at, header], text), [...at, header]);
    if (outcome.ok) {
      setName('');
      setText('');
    }
    setRefused(outcome.ok ? undefined : outcome.message);
  };
  return (
    <fieldset className="form-group headers-editor" aria-label={label}>
      <legend>{label}</legend>
      {HINTS[label] ? <p className="muted headers-hint">{HINTS[label]}</p> : null}
      {rows.map(([header, v]) => (
        <div className="header-row" key={header} data-testid={`header-${header}`}>
          <TextInput
            label={`Header name ${header}`}
            bare
            mono
            value={header}
            at={[...at, header]}
            exact
            onCommit={(next) => submit((t) => renameKey(t, at, header, next.trim()), at)}
          />
          <TemplateField
            label={`Value of ${header}`}
            bare
            singleLine
            value={v}
            at={[...at, header]}
            onCommit={(next) => submit((t) => modify(t, [...at, header], next), [...at, header])}
            after={(draft) => <TextPreview template={draft} label={`Preview of header ${header}`} />}
          />
          <button
            type="button"
            className="icon danger"
            disabled={readOnly}
            aria-label={`Remove header ${header}`}
            onClick={() => void submit((t) => modify(t, [...at, header], undefined), at)}
          >
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ))}
      <NewPairForm
        label={`New ${label.toLowerCase()}`}
        disabled={readOnly}
        name={{
          label: 'Header name',
          placeholder: 'X-Header',
          value: name,
          onChange: (v) => {
            setName(v);
            setRefused(undefined);
          },
        }}
        value={{ label: 'Header value', placeholder: 'value or {{template}}', value: text, onChange: setText }}
        add="Add header"
        onSubmit={(e) => void add(e)}
      />
      <Messages refused={refused} />
    </fieldset>
  );
}
