import { Clock, ListChecks, TriangleAlert, Zap } from 'lucide-react';
import { type NoteKind, noteKind } from '../../../shared/src/dynamic-form/note-kind';
import './notes.css';

const ICONS: Record<NoteKind, typeof Clock> = {
  rule: ListChecks,
  fault: Zap,
  latency: Clock,
  warning: TriangleAlert,
};

/** A request's log notes: the rule that matched, a fault, an added delay, and warnings, each marked. */
export function NotesList({ notes, testId }: { notes: readonly string[] | undefined; testId: string }) {
  if (!notes?.length) return null;
  return (
    <ul className="notes" data-testid={testId}>
      {notes.map((n, i) => {
        const kind = noteKind(n);
        const Icon = ICONS[kind];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a request's notes never change once logged.
          <li key={i} className={`note note-${kind}`} data-kind={kind}>
            <Icon size={12} aria-hidden="true" />
            <span>{n}</span>
          </li>
        );
      })}
    </ul>
  );
}
