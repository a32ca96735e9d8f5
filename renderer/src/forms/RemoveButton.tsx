import { X } from 'lucide-react';

/** The ✕ that removes one entry of a map (a condition, a header, a scenario); `label` names what it removes. */
export function RemoveButton({ label, disabled, onRemove }: { label: string; disabled: boolean; onRemove(): void }) {
  return (
    <button type="button" className="icon danger" disabled={disabled} aria-label={label} onClick={onRemove}>
      <X size={14} aria-hidden="true" />
    </button>
  );
}
