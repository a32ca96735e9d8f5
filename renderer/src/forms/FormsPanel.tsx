import { useMemo, useRef, useState } from 'react';
import { readAsWritten } from '../../../shared/src/config-edit/as-written';
import type { Problem } from '../../../shared/src/problems';
import type { TemplatePreview, TemplatePreviewRequest } from '../../../shared/src/template-preview';
import type { SubmitEdit } from './edit-queue';
import { EndpointsForm } from './EndpointsForm';
import { Forms, type FormContext, type Written } from './form-context';
import { SchemasForm } from './SchemasForm';
import { ServerForm } from './ServerForm';
import './forms.css';

type Section = 'schemas' | 'endpoints' | 'server';
const SECTIONS: { id: Section; label: string }[] = [
  { id: 'schemas', label: 'Schemas' },
  { id: 'endpoints', label: 'Endpoints' },
  { id: 'server', label: 'Server' },
];

interface Props {
  text: string;
  /** The text as last saved. */
  savedText?: string;
  problems: readonly Problem[];
  submit: SubmitEdit;
  preview?(request: TemplatePreviewRequest): Promise<TemplatePreview>;
  revealLine?(line: number): void;
}

/**
 * The forms view of the config text: what they show is read from the text as written, and every
 * change they make is an edit of that text (see edit-queue.ts), so the editor and the forms never
 * disagree. While the text does not parse the forms show the last text that did, read-only.
 */
export function FormsPanel({ text, savedText, problems, submit, preview, revealLine }: Props) {
  const [section, setSection] = useState<Section>('schemas');
  const lastGood = useRef<Written | undefined>(undefined);
  const read = useMemo(() => readAsWritten(text), [text]);
  if (read.ok) lastGood.current = read;
  const written = read.ok ? read : lastGood.current;
  const saved = useMemo(() => {
    const parsed = savedText === undefined ? undefined : readAsWritten(savedText);
    return parsed?.ok ? parsed : undefined;
  }, [savedText]);
  const context = useMemo<FormContext | undefined>(
    () => (written ? { written, saved, problems, submit, readOnly: !read.ok, preview, revealLine } : undefined),
    [written, saved, problems, submit, read.ok, preview, revealLine],
  );
  return (
    <div className="forms" data-testid="forms">
      <div className="forms-tabs" role="tablist" aria-label="Config sections">
        {SECTIONS.map((s) => (
          <button key={s.id} type="button" role="tab" aria-selected={section === s.id} onClick={() => setSection(s.id)}>
            {s.label}
          </button>
        ))}
      </div>
      {read.ok ? null : (
        <p className="forms-readonly" role="status" data-testid="forms-readonly">
          Fix the YAML syntax error on line {read.line} to edit visually.
        </p>
      )}
      {context ? (
        <Forms.Provider value={context}>
          <fieldset className="forms-body" disabled={context.readOnly}>
            {section === 'schemas' ? <SchemasForm /> : null}
            {section === 'endpoints' ? <EndpointsForm /> : null}
            {section === 'server' ? <ServerForm /> : null}
          </fieldset>
        </Forms.Provider>
      ) : null}
    </div>
  );
}
