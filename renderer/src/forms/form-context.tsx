import { createContext, useContext } from 'react';
import type { WrittenConfig } from '../../../shared/src/config-edit/as-written';
import type { Problem } from '../../../shared/src/problems';
import type { TemplatePreview, TemplatePreviewRequest } from '../../../shared/src/template-preview';
import type { SubmitEdit } from './edit-queue';

export type Written = Extract<WrittenConfig, { ok: true }>;

/** What every form reads and writes through: the config as written, its problems, the edit queue. */
export interface FormContext {
  written: Written;
  problems: readonly Problem[];
  submit: SubmitEdit;
  /** The config as last saved (what the database was migrated to), when it parses: a rename writes the name the data has. */
  saved?: Written;
  /** The text does not parse: the forms show the last config that did, and write nothing. */
  readOnly: boolean;
  /** Renders a template against a sample request (the engine's `template.preview`). */
  preview?(request: TemplatePreviewRequest): Promise<TemplatePreview>;
  /** Split view: scrolls the YAML beside the forms to a line (a new entry, written at the end). */
  revealLine?(line: number): void;
}

export const Forms = createContext<FormContext | undefined>(undefined);

export function useForms(): FormContext {
  const ctx = useContext(Forms);
  if (!ctx) throw new Error('useForms outside a forms panel');
  return ctx;
}
