import { useEffect, useMemo, useRef, useState } from 'react';
import { readAsWritten } from '../../../shared/src/config-edit/as-written';
import type { Problem } from '../../../shared/src/problems';
import type { TemplatePreview, TemplatePreviewRequest } from '../../../shared/src/template-preview';
import { TabList } from '../components/TabList';
import type { SubmitEdit } from './edit-queue';
import { EndpointsForm } from './EndpointsForm';
import { Forms, type FormContext, type Written } from './form-context';
import type { FormsPlace } from './forms-place';
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
  /** Where the forms open (the schema or endpoint the YAML cursor was in); the first schema when undefined. */
  place?: FormsPlace;
  /** Told each time the forms show another section, schema or endpoint. */
  onPlace?(place: FormsPlace): void;
}

/**
 * The forms view of the config text: what they show is read from the text as written, and every
 * change they make is an edit of that text (see edit-queue.ts), so the editor and the forms never
 * disagree. While the text does not parse the forms show the last text that did, read-only.
 */
export function FormsPanel({ text, savedText, problems, submit, preview, revealLine, place, onPlace }: Props) {
  const [shown, setShown] = useState<FormsPlace>(place ?? { section: 'schemas' });
  const show = (next: FormsPlace) => {
    setShown(next);
    onPlace?.(next);
  };
  const section: Section = shown.section;
  const body = useRef<HTMLFieldSetElement>(null);
  // Opened at a place: its card is what the user came for, so it is scrolled into view once.
  const opened = useRef(place);
  useEffect(() => {
    if (opened.current) body.current?.querySelector('.form-card')?.scrollIntoView({ block: 'nearest' });
  }, []);
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
      <TabList
        label="Config sections"
        className="forms-tabs"
        tabs={SECTIONS}
        selected={section}
        onSelect={(id) => show({ section: id })}
      />
      {read.ok ? null : (
        <p className="forms-readonly" role="status" data-testid="forms-readonly">
          Fix the YAML syntax error on line {read.line} to edit visually.
        </p>
      )}
      {context ? (
        <Forms.Provider value={context}>
          <fieldset className="forms-body" ref={body} disabled={context.readOnly}>
            {shown.section === 'schemas' ? (
              <SchemasForm picked={shown.schema} onPick={(schema) => show({ section: 'schemas', schema })} />
            ) : null}
            {shown.section === 'endpoints' ? (
              <EndpointsForm picked={shown.index} onPick={(index) => show({ section: 'endpoints', index })} />
            ) : null}
            {section === 'server' ? <ServerForm /> : null}
          </fieldset>
        </Forms.Provider>
      ) : null}
    </div>
  );
}
