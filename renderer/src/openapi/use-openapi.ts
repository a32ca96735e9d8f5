import { useCallback, useRef, useState } from 'react';
import type { StudioClient } from '../api/client';
import { download } from '../data/download';
import { useFeedback } from '../feedback/feedback';
import { openDbJson } from '../components/open-db-json';
import type { ImportState } from './ImportOpenApiDialog';
import { fileKind } from './is-openapi';

/** Larger descriptions are imported with `mockyard import` (the text travels in one call). */
const LIMIT = 20 * 1024 * 1024;

/**
 * Import OpenAPI (a picked or dropped description → its summary, then the config) and Export OpenAPI
 * (the editor's text → an OpenAPI 3.1 download). `pick()` opens the file picker.
 */
export function useOpenApi(client: StudioClient, editorText: () => string) {
  const [importing, setImporting] = useState<ImportState | undefined>(undefined);
  const [exportError, setExportError] = useState<string | undefined>(undefined);
  const { notify } = useFeedback();
  const seq = useRef(0);

  const importFile = useCallback(
    async (file: File) => {
      const mine = ++seq.current;
      const name = file.name;
      if (file.size > LIMIT) {
        setImporting({
          name,
          phase: 'failed',
          message: `${name} is larger than 20 MB; import it with \`mockyard import\`.`,
        });
        return;
      }
      setImporting({ name, phase: 'reading' });
      try {
        const text = await file.text();
        // A json-server db.json picked here is opened as one (as a drop opens it), not imported.
        if (fileKind(name, text) === 'db-json') {
          const message = await openDbJson(client, file);
          if (seq.current === mine) setImporting(message ? { name, phase: 'failed', message } : undefined);
          return;
        }
        const result = await client.call('openapi.import', { name, text });
        if (seq.current === mine) setImporting({ name, phase: 'ready', result });
      } catch (err) {
        if (seq.current === mine) setImporting({ name, phase: 'failed', message: (err as Error).message });
      }
    },
    [client],
  );

  const pick = useCallback(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.yaml,.yml,.json,application/json,application/yaml';
    input.hidden = true;
    input.dataset.testid = 'openapi-file';
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      input.remove();
      if (file) void importFile(file);
    });
    input.addEventListener('cancel', () => input.remove());
    document.body.append(input);
    input.click();
  }, [importFile]);

  const exportAs = useCallback(
    async (format: 'yaml' | 'json') => {
      try {
        const file = await client.call('openapi.export', { format, text: editorText() });
        download(file.filename, file.text, format === 'json' ? 'application/json' : 'application/yaml');
        setExportError(undefined);
        notify(`Exported ${file.filename}`);
      } catch (err) {
        setExportError((err as Error).message);
      }
    },
    [client, editorText, notify],
  );

  const close = useCallback(() => {
    seq.current++;
    setImporting(undefined);
  }, []);

  return {
    importing,
    importFile,
    pick,
    exportAs,
    exportError,
    dismissExportError: () => setExportError(undefined),
    close,
  };
}
