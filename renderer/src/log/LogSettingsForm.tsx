import { useState } from 'react';
import type { LogSettings } from '../../../shared/src/studio-contract';
import { draftOf, LogRetentionFields, settingsOf } from './LogRetentionFields';

/** Retention of the request log: how many entries, how much of each body, and whether on disk. */
export function LogSettingsForm({
  settings,
  onSave,
}: {
  settings: LogSettings;
  onSave(s: LogSettings): Promise<void>;
}) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      className="dialog"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(settingsOf(draft)).catch((err: Error) => setError(err.message));
      }}
    >
      <LogRetentionFields draft={draft} onChange={setDraft} />
      {error ? <p className="error">{error}</p> : null}
      <footer>
        <button type="submit" className="primary">
          Save
        </button>
      </footer>
    </form>
  );
}
