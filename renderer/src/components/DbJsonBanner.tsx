import { Database, FileOutput } from 'lucide-react';
import { useState } from 'react';
import { DialogFooter } from './DialogFooter';
import { Modal } from './Modal';

interface Props {
  /** The db.json open now. */
  path: string;
  /** The config file suggested (api.yaml beside the db.json). */
  convertTo: string;
  /** Writes the config and opens it; resolves to the reason it failed, or undefined. */
  onConvert(path: string): Promise<string | undefined>;
}

const nameOf = (path: string): string => path.split(/[\\/]/).pop() ?? path;

/**
 * A json-server db.json is open: says so above its read-only config, and offers "Convert to a
 * config", which asks where to write the YAML (beside it by default; an existing file is refused).
 */
export function DbJsonBanner({ path, convertTo, onConvert }: Props) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <section
        className="banner banner-info db-json-banner"
        aria-label="json-server database"
        data-testid="db-json-banner"
      >
        <Database size={16} aria-hidden="true" />
        <span>
          <strong>{nameOf(path)}</strong> is a json-server database, served in json-server mode (as{' '}
          <code>mockyard serve {nameOf(path)}</code>). Below is the config it would become, read-only; its rows are in
          the Data tab. Convert it to edit the config.
        </span>
        <button type="button" className="primary" onClick={() => setAsking(true)} data-testid="convert-open">
          <FileOutput size={14} aria-hidden="true" />
          Convert to a config…
        </button>
      </section>
      {asking ? (
        <ConvertDialog
          dbJson={nameOf(path)}
          convertTo={convertTo}
          onConvert={onConvert}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}

function ConvertDialog(p: {
  dbJson: string;
  convertTo: string;
  onConvert(path: string): Promise<string | undefined>;
  onClose(): void;
}) {
  const [value, setValue] = useState(nameOf(p.convertTo));
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const empty = value.trim() === '';
  return (
    <Modal label="Convert to a config" onClose={p.onClose} testId="convert-dialog">
      <form
        className="dialog convert-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (empty || busy) return;
          setBusy(true);
          void p.onConvert(value.trim()).then((failed) => {
            setBusy(false);
            if (failed === undefined) p.onClose();
            else setError(failed);
          });
        }}
      >
        <header>Convert to a config</header>
        <p>
          Writes the config shown as YAML and opens it for editing, with the same rows (it names the same database
          file). {p.dbJson} itself is left as it is. An existing file is never replaced.
        </p>
        <label>
          Config file (relative to {p.dbJson}'s folder){' '}
          <input
            data-autofocus
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(undefined);
            }}
            aria-invalid={error !== undefined || empty}
            spellCheck={false}
            data-testid="convert-path"
          />
        </label>
        <DialogFooter
          error={error ?? (empty ? 'Name the config file, e.g. api.yaml.' : undefined)}
          onCancel={p.onClose}
        >
          <button type="submit" className="primary" disabled={empty || busy} data-testid="convert-submit">
            {busy ? 'Converting…' : 'Convert'}
          </button>
        </DialogFooter>
      </form>
    </Modal>
  );
}
