/** A form's buttons: the one that submits it (`Create schema`) and Cancel. */
export function FormFooter({ submit, disabled, onCancel }: { submit: string; disabled?: boolean; onCancel(): void }) {
  return (
    <footer>
      <button type="submit" className="btn primary" disabled={disabled}>
        {submit}
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
    </footer>
  );
}
