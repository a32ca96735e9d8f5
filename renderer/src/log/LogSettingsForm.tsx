import { useState } from 'react';
import type { LogSettings } from '../../../shared/src/studio-contract';

/** Retention of the request log: how many entries, how much of each body, and whether on disk. */
export function LogSettingsForm({
  settings,
  onSave,
}: {
  settings: LogSettings;
  onSave(s: LogSettings): Promise<void>;
}) {
  const [limit, setLimit] = useState(String(settings.limit));
  const [bodyLimit, setBodyLimit] = useState(String(settings.bodyLimit));
  const [persist, setPersist] = useState(settings.persist);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <form
      className="dialog"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ limit: Number(limit), bodyLimit: Number(bodyLimit), persist }).catch((err: Error) =>
          setError(err.message),
        );
      }}
    >
      <label>
        Keep the last{' '}
        <input
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          size={8}
          inputMode="numeric"
          aria-label="Entries kept"
        />{' '}
        requests
      </label>
      <label>
        Keep at most{' '}
        <input
          value={bodyLimit}
          onChange={(e) => setBodyLimit(e.target.value)}
          size={8}
          inputMode="numeric"
          aria-label="Body limit"
        />{' '}
        characters of each body
      </label>
      <label>
        <input type="checkbox" checked={persist} onChange={(e) => setPersist(e.target.checked)} /> Keep the log on disk,
        so it survives a restart
      </label>
      {error ? <p className="error">{error}</p> : null}
      <footer>
        <button type="submit" className="primary">
          Save
        </button>
      </footer>
    </form>
  );
}
