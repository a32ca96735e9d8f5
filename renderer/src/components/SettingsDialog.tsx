import { Settings, X } from 'lucide-react';
import { useState } from 'react';
import { Modal } from './Modal';
import type { AppSettings } from '../../../shared/src/studio-contract';

interface Props {
  settings: AppSettings;
  onSave(next: Partial<AppSettings>): Promise<void>;
  onClose(): void;
}

/** App preferences: default port, theme, auto-apply on save, and log retention; a modal panel. */
export function SettingsDialog({ settings, onSave, onClose }: Props) {
  const [port, setPort] = useState(String(settings.defaultPort));
  const [theme, setTheme] = useState(settings.theme);
  const [autoApply, setAutoApply] = useState(settings.autoApply);
  const [limit, setLimit] = useState(String(settings.log.limit));
  const [bodyLimit, setBodyLimit] = useState(String(settings.log.bodyLimit));
  const [persist, setPersist] = useState(settings.log.persist);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <Modal label="Settings" onClose={onClose}>
      <form
        className="dialog settings"
        data-testid="settings-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({
            defaultPort: Number(port),
            theme,
            autoApply,
            log: { limit: Number(limit), bodyLimit: Number(bodyLimit), persist },
          }).then(onClose, (err: Error) => setError(err.message));
        }}
      >
        <header>
          <Settings size={18} aria-hidden="true" />
          Settings
          <span className="spacer" />
          <button type="button" className="icon" aria-label="Close settings" onClick={onClose}>
            <X size={16} aria-hidden="true" />
          </button>
        </header>
        <fieldset>
          <legend>Appearance</legend>
          <label>
            Theme
            <select
              data-autofocus
              value={theme}
              onChange={(e) => setTheme(e.target.value as AppSettings['theme'])}
              aria-label="Theme"
            >
              <option value="system">Follow the system</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </select>
          </label>
        </fieldset>
        <fieldset>
          <legend>Mock server</legend>
          <label>
            Default port (for configs without <code>server.port</code>)
            <input
              value={port}
              onChange={(e) => setPort(e.target.value)}
              size={6}
              inputMode="numeric"
              aria-label="Default port"
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={autoApply}
              onChange={(e) => setAutoApply(e.target.checked)}
              aria-label="Apply on save"
            />
            Apply the config as soon as it is saved (otherwise with the Apply button)
          </label>
        </fieldset>
        <fieldset>
          <legend>Request log</legend>
          <label>
            Keep the last
            <input
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              size={7}
              inputMode="numeric"
              aria-label="Log entries kept"
            />
            requests and
            <input
              value={bodyLimit}
              onChange={(e) => setBodyLimit(e.target.value)}
              size={7}
              inputMode="numeric"
              aria-label="Log body limit"
            />
            bytes of each body
          </label>
          <label>
            <input type="checkbox" checked={persist} onChange={(e) => setPersist(e.target.checked)} /> Keep the request
            log on disk
          </label>
        </fieldset>
        {error ? <p className="error">{error}</p> : null}
        <footer>
          <button type="submit" className="primary" data-testid="settings-save">
            Save
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </footer>
      </form>
    </Modal>
  );
}
