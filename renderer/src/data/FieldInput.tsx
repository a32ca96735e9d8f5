import type { FieldSummary } from '../../../shared/src/service-summary';
import { typeOf } from './field-text-input';
import { type LoadOptions, ReferenceInput } from './ReferenceInput';

export interface FieldInputProps {
  id: string;
  field: FieldSummary;
  text: string;
  error: string | undefined;
  describedBy: string;
  onChange(text: string): void;
  /** A reference field's records, offered under the input (the value can still be typed). */
  load?: LoadOptions | undefined;
}

/** One typed input of the new-row form, by the field's type; its label is the field's name (RowForm). */
export function FieldInput({ id, field, text, error, describedBy, onChange, load }: FieldInputProps) {
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  if (field.autoId) {
    // The database assigns it; "auto" says so where a value would be.
    return <input {...common} className="auto" value="auto" readOnly />;
  }
  if (load && field.type !== 'datetime' && field.type !== 'json')
    return <ReferenceInput load={load} text={text} onText={onChange} onPick={onChange} input={common} />;
  switch (typeOf(field.type)) {
    case 'boolean':
      // A select, not a checkbox: "no value" is a third answer a checkbox cannot give.
      return (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">(empty)</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'datetime':
      return (
        <input {...common} type="datetime-local" step={0.001} value={text} onChange={(e) => onChange(e.target.value)} />
      );
    case 'json':
      return (
        <textarea
          {...common}
          rows={3}
          spellCheck={false}
          value={text}
          placeholder='e.g. ["a", "b"] or {"k": 1}'
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'integer':
    case 'number':
      return <input {...common} inputMode="decimal" value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'string':
      return <input {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}
