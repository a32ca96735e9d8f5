import type { AppSettings, ServerStatus } from '../../../shared/src/studio-contract';
import { PortDialog } from '../components/PortDialog';
import { SettingsDialog } from '../components/SettingsDialog';
import { ImportOpenApiDialog } from '../openapi/ImportOpenApiDialog';
import type { useOpenApi } from '../openapi/use-openapi';

/** The studio's modal dialogs that its shell opens: one at a time. */
export type AppDialog = 'port' | 'settings' | undefined;

interface Props {
  dialog: AppDialog;
  onDialog(dialog: AppDialog): void;
  openApi: ReturnType<typeof useOpenApi>;
  settings: AppSettings | undefined;
  onSettings(patch: Partial<AppSettings>): Promise<void>;
  status: ServerStatus | undefined;
  path: string;
  endpoints: number;
  dirty: boolean;
  editorText(): string;
  /** A whole new config text (an import, replaced or merged): one undoable edit, saved and served. */
  onReplace(text: string): void;
  onPort(port: number): void;
}

/** Import OpenAPI (its own state: reading, ready, failed), Settings and Port…, each a modal. */
export function AppDialogs(p: Props) {
  const close = () => p.onDialog(undefined);
  return (
    <>
      {p.openApi.importing ? (
        <ImportOpenApiDialog
          state={p.openApi.importing}
          configName={p.path.split(/[\\/]/).pop() ?? p.path}
          endpoints={p.endpoints}
          dirty={p.dirty}
          currentText={p.editorText}
          onReplace={p.onReplace}
          onClose={p.openApi.close}
        />
      ) : null}
      {p.dialog === 'settings' && p.settings ? (
        <SettingsDialog settings={p.settings} onSave={p.onSettings} onClose={close} />
      ) : null}
      {p.dialog === 'port' ? (
        <PortDialog
          current={p.status?.port}
          onChoose={(port) => {
            close();
            p.onPort(port);
          }}
          onCancel={close}
        />
      ) : null}
    </>
  );
}
