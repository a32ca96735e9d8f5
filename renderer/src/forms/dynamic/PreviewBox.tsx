import type { ReactNode } from 'react';
import { useSample } from './sample-context';

/** The frame of a live preview: what it is for, its output, and its errors (next to the field). */
export function PreviewBox({
  label,
  stale,
  errors,
  children,
}: {
  label: string;
  stale: boolean;
  errors: readonly string[];
  children?: ReactNode;
}) {
  const sample = useSample();
  return (
    <section className="tpl-preview" aria-label={label} aria-busy={stale || undefined} data-testid="template-preview">
      <div className="tpl-preview-head">
        <span>Preview</span>
        {sample ? (
          <span className="muted">
            for the sample {sample.sample.method} request{stale ? ' · updating…' : ''}
          </span>
        ) : null}
      </div>
      {errors.length ? (
        <ul className="form-messages" data-testid="template-preview-errors">
          {errors.map((e) => (
            <li key={e} className="error" role="alert">
              {e}
            </li>
          ))}
        </ul>
      ) : null}
      {children === undefined ? null : <pre className={stale ? 'tpl-output stale' : 'tpl-output'}>{children}</pre>}
    </section>
  );
}
