import { Clock, ListChecks, TriangleAlert, Zap } from 'lucide-react';
import { type NoteKind, noteKind } from '../../../shared/src/dynamic-form/note-kind';
import { type Tone, toneClass } from '../tone';
import './notes.css';

const LOOKS: Record<NoteKind, { icon: typeof Clock; tone: Tone }> = {
  rule: { icon: ListChecks, tone: 'accent' },
  fault: { icon: Zap, tone: 'error' },
  latency: { icon: Clock, tone: 'muted' },
  warning: { icon: TriangleAlert, tone: 'warning' },
};

/** A request's log notes: the rule that matched, a fault, an added delay, and warnings, each marked. */
export function NotesList({ notes, testId }: { notes: readonly string[] | undefined; testId: string }) {
  if (!notes?.length) return null;
  return (
    <ul className="notes stack-list" data-testid={testId}>
      {notes.map((n, i) => {
        const kind = noteKind(n);
        const { icon: Icon, tone } = LOOKS[kind];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a request's notes never change once logged.
          <li key={i} className={`note note-${kind} ${toneClass(tone)}`} data-kind={kind}>
            <Icon size={12} aria-hidden="true" />
            <span>{n}</span>
          </li>
        );
      })}
    </ul>
  );
}
