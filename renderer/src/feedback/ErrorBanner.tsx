import { AlertTriangle, X } from 'lucide-react';

interface Props {
  message: string | undefined;
  onDismiss(): void;
  testId?: string;
}

/**
 * An error that stays until the user dismisses it, shown in the view it came from (a table's error
 * shows over that table only). Confirmations are toasts instead (useFeedback).
 */
export function ErrorBanner({ message, onDismiss, testId }: Props) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert" data-testid={testId}>
      <AlertTriangle size={16} aria-hidden="true" />
      <span>{message}</span>
      <button type="button" className="icon" aria-label="Dismiss" onClick={onDismiss}>
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}
