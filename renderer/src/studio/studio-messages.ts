import { readAsWritten } from '../../../shared/src/config-edit/as-written';
import { applyChanges, type ConfigChange } from '../../../shared/src/config-edit/changes';
import { counted } from '../../../shared/src/plural';
import type { SaveResult } from '../../../shared/src/studio-contract';
import { StudioError } from '../../../shared/src/studio-error';

/** The confirmation a save gets: what happened to the text, in a few words. */
export function savedMessage(result: SaveResult): string {
  if (result.applied) return 'Saved and applied';
  const errors = result.problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) return `Saved — not applied: ${counted(errors, 'problem')}`;
  return 'Saved — not applied yet: Apply makes it live';
}

/** The draft with the app's changes made on it, or undefined when there are none or they cannot be made (then the user is asked). */
export function rebase(draft: string, changes: ConfigChange[] | undefined): string | undefined {
  if (!changes?.length) return undefined;
  try {
    const text = applyChanges(draft, changes);
    return readAsWritten(text).ok ? text : undefined;
  } catch {
    return undefined;
  }
}

/** A refused call (no valid token) is told once, by the session banner; other failures by their view. */
export const messageOf = (err: unknown): string | undefined =>
  err instanceof StudioError && err.code === 'refused' ? undefined : (err as Error).message;
