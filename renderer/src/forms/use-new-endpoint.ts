import { type FormEvent, useState } from 'react';
import { insertAt } from '../../../shared/src/config-edit/index';
import { placeholders } from './endpoint-placeholders';
import { useForms } from './form-context';
import { useAddForm } from './use-add-form';
import { draftProblem, endpointEntry, type Kind, parseBody, startDraft } from './new-endpoint-draft';

/** The New endpoint form's state: the kind, the boxes, the entry they make, and `create`, which writes it at the end of `endpoints:`. */
export function useNewEndpoint(onCreated: (index: number) => void) {
  const { written, submit } = useForms();
  const schemas = written.schemas.map((s) => s.name);
  const [kind, setKind] = useState<Kind>('resource');
  const { values: f, put, refused, refuse } = useAddForm(startDraft(schemas[0] ?? ''));
  const { body, bodyError } = parseBody(f.body);
  const value = endpointEntry(kind, f, body);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const problem = draftProblem(kind, f, bodyError);
    if (problem) return refuse(problem);
    const index = written.endpoints.length;
    const outcome = await submit((t) => insertAt(t, ['endpoints'], index, value), ['endpoints', index]);
    if (outcome.ok) onCreated(index);
    else refuse(outcome.message);
  };

  return {
    kind,
    setKind,
    f,
    put,
    schemas,
    bodyError,
    /** What the engine does with the empty boxes, as placeholders. */
    hint: placeholders(value),
    refused,
    create,
  };
}

export type NewEndpoint = ReturnType<typeof useNewEndpoint>;
