import { ArrowLeft, Link2 } from 'lucide-react';
import type { Jump } from './use-references';

interface Props {
  jump: Jump;
  /** Rows the filter shows: 0 when the referenced record is gone. */
  total: number;
  onBack(): void;
}

/** Over the grid after following a reference's link: what is shown, and the way back. */
export function JumpNote({ jump, total, onBack }: Props) {
  return (
    <div className="jump-note" data-testid="jump-note" role="status">
      <Link2 size={14} aria-hidden="true" />
      <span>
        {total === 0 ? 'No row of ' : 'The row of '}
        <b>{jump.to}</b> with <code>{jump.filter}</code>, which {jump.via} references
        {total === 0 ? ': it is gone.' : '.'}
      </span>
      <button type="button" className="link" onClick={onBack} data-testid="jump-back">
        <ArrowLeft size={14} aria-hidden="true" />
        Back to {jump.from}
      </button>
    </div>
  );
}
