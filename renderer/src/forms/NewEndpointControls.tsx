import type { ReactNode } from 'react';

/** A labelled control of the New endpoint form (the label names the control for tests and screen readers). */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = `new-endpoint-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

type Option = string | { value: string; label: string };

/** A dropdown of the form: each option a value, or a value with its own words. */
export function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) =>
            typeof o === 'string' ? (
              <option key={o}>{o}</option>
            ) : (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ),
          )}
        </select>
      )}
    </Field>
  );
}
