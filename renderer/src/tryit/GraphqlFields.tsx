import { type RefObject, type TextareaHTMLAttributes, useId } from 'react';
import type { GraphqlDraft, parseVariables } from './graphql-draft';

const rowsFor = (text: string, min: number, max: number) => Math.min(max, Math.max(min, text.split('\n').length + 1));

type BoxProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'rows' | 'onChange'> & {
  label: string;
  boxRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  /** The box grows with its text between these many rows. */
  rows: [min: number, max: number];
  onChange(text: string): void;
};

/** A labelled code box (no spell check) that grows with its text. */
function CodeBox({ label, boxRef, value, rows, onChange, ...rest }: BoxProps) {
  return (
    <label className="tryit-section">
      <span className="tryit-label">{label}</span>
      <textarea
        ref={boxRef}
        className="tryit-body-input"
        value={value}
        rows={rowsFor(value, ...rows)}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </label>
  );
}

interface Props {
  draft: GraphqlDraft;
  variables: ReturnType<typeof parseVariables>;
  queryBox: RefObject<HTMLTextAreaElement | null>;
  variablesBox: RefObject<HTMLTextAreaElement | null>;
  onChange(patch: Partial<GraphqlDraft>): void;
}

/** The query, its variables (JSON, with what is wrong with them) and the operation name. */
export function GraphqlFields({ draft, variables, queryBox, variablesBox, onChange }: Props) {
  const problemId = useId();
  return (
    <>
      <CodeBox
        label="Query"
        boxRef={queryBox}
        value={draft.query}
        rows={[6, 16]}
        onChange={(query) => onChange({ query })}
        data-testid="tryit-graphql-query"
      />
      <CodeBox
        label="Variables (JSON)"
        boxRef={variablesBox}
        value={draft.variables}
        rows={[3, 10]}
        placeholder='{ "id": "1" }'
        onChange={(text) => onChange({ variables: text })}
        aria-invalid={!variables.ok}
        aria-describedby={variables.ok ? undefined : problemId}
        data-testid="tryit-graphql-variables"
      />
      {variables.ok ? null : (
        <p className="tryit-warning" id={problemId} data-testid="tryit-graphql-variables-problem">
          {variables.problem} Fix it to send.
        </p>
      )}
      <label className="tryit-section">
        <span className="tryit-label">Operation name (optional)</span>
        <input
          className="tryit-graphql-operation"
          value={draft.operationName}
          spellCheck={false}
          placeholder="the query's only operation"
          onChange={(e) => onChange({ operationName: e.target.value })}
          data-testid="tryit-graphql-operation"
        />
      </label>
    </>
  );
}
