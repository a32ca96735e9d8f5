import { applyEdits, ConfigEditError, type DocPath, type TextEdit } from '../../../shared/src/config-edit/index';
import { readAsWritten } from '../../../shared/src/config-edit/as-written';
import type { Problem } from '../../../shared/src/problems';
import { isUnder } from './problems-at';

/** What a form asks for: the edits to make to the text as it is when its turn comes. */
export type MakeEdits = (text: string) => TextEdit[];

export type EditOutcome = { ok: true } | { ok: false; message: string };

export interface EditTarget {
  /** The editor's text now (undefined before Monaco has loaded). */
  getText(): string | undefined;
  /** Applies the edits as one undoable step; false when the text is no longer `base`. */
  applyEdits(edits: readonly TextEdit[], base: string): boolean;
  validate(text: string): Promise<Problem[]>;
}

const key = (p: Problem): string => `${p.code}\u0000${p.path.join('\u0000')}\u0000${p.message}`;

/** Errors at or under `at` in `after` that `before` did not have: what the edit would add there. */
export function addedErrors(before: readonly Problem[], after: readonly Problem[], at: DocPath): Problem[] {
  const had = new Set(before.map(key));
  return after.filter((p) => p.severity === 'error' && isUnder(p.path, at) && !had.has(key(p)));
}

const TRIES = 5;

/**
 * Form edits, one at a time and in the order asked: each is computed against the text the one before
 * produced (and again if someone typed meanwhile), checked, and only then written. A form never
 * writes text that does not parse, nor text the engine refuses at the edited place; a refused edit
 * writes nothing, so every other unsaved edit stays as it was.
 */
export function createEditQueue(target: () => EditTarget | undefined) {
  let tail: Promise<unknown> = Promise.resolve();

  async function run(make: MakeEdits, at: DocPath): Promise<EditOutcome> {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const t = target();
      const base = t?.getText();
      if (!t || base === undefined) return { ok: false, message: 'The editor is still loading.' };
      let candidate: string;
      let edits: TextEdit[];
      try {
        edits = make(base);
        candidate = applyEdits(base, edits);
      } catch (err) {
        return {
          ok: false,
          message: err instanceof ConfigEditError || err instanceof Error ? err.message : String(err),
        };
      }
      if (candidate === base) return { ok: true };
      const parsed = readAsWritten(candidate);
      if (!parsed.ok) return { ok: false, message: `That would not be valid YAML: ${parsed.message}` };
      const [before, after] = await Promise.all([t.validate(base), t.validate(candidate)]);
      const refused = addedErrors(before, after, at);
      if (refused.length > 0) return { ok: false, message: refused.map((p) => p.message).join(' ') };
      // Someone typed while the engine checked: compute the edit again on the new text.
      if (t.applyEdits(edits, base)) return { ok: true };
    }
    return { ok: false, message: 'The text kept changing; try again.' };
  }

  const submit = (make: MakeEdits, at: DocPath): Promise<EditOutcome> => {
    const result = tail.then(() => run(make, at));
    tail = result.catch(() => undefined);
    return result.catch((err: unknown) => ({ ok: false, message: (err as Error).message }));
  };
  /** Resolves once every edit asked for so far is written or refused (Save waits for it). */
  const settled = (): Promise<void> => tail.then(() => undefined);
  return Object.assign(submit, { settled });
}

export type SubmitEdit = ReturnType<typeof createEditQueue>;
