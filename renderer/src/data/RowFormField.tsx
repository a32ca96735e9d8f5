import { FieldInput, type FieldInputProps } from './FieldInput';

/** One field of the new-row form: its name, required mark and hint (type, required, unique, reference), input and error. */
export function RowFormField(props: Omit<FieldInputProps, 'describedBy'>) {
  const { id, field: f, error } = props;
  return (
    <div className={`row-form-field${error ? ' invalid' : ''}`}>
      <div className="row-form-label">
        <label htmlFor={id}>{f.name}</label>
        {f.required && !f.autoId ? (
          <span className="required" title="Required" aria-hidden="true">
            *
          </span>
        ) : null}
        <span className="hint" id={`${id}-hint`}>
          {f.type === 'datetime' ? 'datetime, UTC' : f.type}
          {f.required && !f.autoId ? ', required' : ''}
          {f.unique && !f.autoId ? ', unique' : ''}
          {f.references ? `, references ${f.references.table}.${f.references.field}` : ''}
        </span>
      </div>
      <FieldInput {...props} describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`} />
      {error ? (
        <div className="field-error" id={`${id}-error`} role="alert" data-testid="field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
