import { useState } from 'react';
import { DialogFooter } from './DialogFooter';
import { parsePort, portMessage } from '../../../shared/src/port';
import { FormDialog } from './FormDialog';

interface Props {
  current: number | undefined;
  onChoose(port: number): void;
  onCancel(): void;
}

/** Asks for the mock server's port (Server › Port… in the desktop app, or the status bar). */
export function PortDialog({ current, onChoose, onCancel }: Props) {
  const [value, setValue] = useState(String(current ?? 3000));
  const port = parsePort(value.trim());
  const valid = port !== undefined;
  return (
    <FormDialog
      label="Port"
      className="dialog port-dialog"
      testId="port-dialog"
      onClose={onCancel}
      onSubmit={() => {
        if (port !== undefined) onChoose(port);
      }}
    >
      <label>
        Serve on port{' '}
        <input
          data-autofocus
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!valid}
          size={6}
        />
      </label>
      <DialogFooter error={valid ? undefined : portMessage('The port', value)} onCancel={onCancel}>
        <button type="submit" className="primary" disabled={!valid}>
          Apply
        </button>
      </DialogFooter>
    </FormDialog>
  );
}
