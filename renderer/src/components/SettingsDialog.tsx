import { Settings } from 'lucide-react';
import { useState } from 'react';
import { draftOf, LogRetentionFields, settingsOf } from '../log/LogRetentionFields';
import { CloseButton } from './CloseButton';
import { DialogFooter } from './DialogFooter';
import { FormDialog } from './FormDialog';
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
  const [log, setLog] = useState(() => draftOf(settings.log));
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <FormDialog
      label="Settings"
      className="dialog settings"
      testId="settings-dialog"
      onClose={onClose}
      onSubmit={() =>
        onSave({
          defaultPort: Number(port),
          theme,
          autoApply,
          log: settingsOf(log),
        }).then(onClose, (err: Error) => setError(err.message))
      }
    >
      <header>
        <Settings size={18} aria-hidden="true" />
        Settings
        <span className="spacer" />
        <CloseButton label="Close settings" onClose={onClose} />
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
          {/* One flex item: the label's gap would otherwise stand between the code and its ")". */}
          <span>
            Default port (for configs without <code>server.port</code>)
          </span>
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
        <LogRetentionFields draft={log} onChange={setLog} />
      </fieldset>
      <DialogFooter error={error} onCancel={onClose}>
        <button type="submit" className="primary" data-testid="settings-save">
          Save
        </button>
      </DialogFooter>
    </FormDialog>
  );
}
