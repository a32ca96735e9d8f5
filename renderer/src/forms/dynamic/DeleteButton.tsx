import { Trash2 } from 'lucide-react';

/** The bin button of a card (a rule, a callback): `Delete rule 2`, titled "Delete this rule". */
export function DeleteButton({
  kind,
  n,
  disabled,
  onDelete,
}: {
  kind: string;
  n: number;
  disabled: boolean;
  onDelete(): void;
}) {
  return (
    <button
      type="button"
      className="icon danger"
      disabled={disabled}
      aria-label={`Delete ${kind} ${n}`}
      title={`Delete this ${kind}`}
      onClick={onDelete}
    >
      <Trash2 size={14} aria-hidden="true" />
    </button>
  );
}
