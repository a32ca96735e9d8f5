import { X } from 'lucide-react';

/** The × that closes a panel or dialog; `label` names what it closes ("Close settings"). */
export function CloseButton({ label, onClose }: { label: string; onClose(): void }) {
  return (
    <button type="button" className="icon" aria-label={label} onClick={onClose}>
      <X size={16} aria-hidden="true" />
    </button>
  );
}
