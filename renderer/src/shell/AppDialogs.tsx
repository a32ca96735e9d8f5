import { PortDialog } from '../components/PortDialog';
import { SettingsDialog } from '../components/SettingsDialog';
import { ImportOpenApiDialog } from '../openapi/ImportOpenApiDialog';
import type { Shell } from './use-shell';

/** The studio's modal dialogs that its shell opens: one at a time. */
export type AppDialog = 'port' | 'settings' | undefined;

/** Import OpenAPI (its own state: reading, ready, failed), Settings and Port…, each a modal. */
export function AppDialogs({ shell }: { shell: Shell }) {
  const { state, openApi, settings } = shell;
  const close = () => shell.setDialog(undefined);
  return (
    <>
      {openApi.importing ? (
        <ImportOpenApiDialog
          state={openApi.importing}
          configName={state.path.split(/[\\/]/).pop() ?? state.path}
          endpoints={state.endpoints.length}
          dirty={state.dirty}
          currentText={shell.editorText}
          onReplace={shell.replaceConfig}
          onClose={openApi.close}
        />
      ) : null}
      {shell.dialog === 'settings' && settings ? (
        <SettingsDialog
          settings={settings}
          onSave={(patch) => shell.configure(patch).then(() => shell.notify('Settings saved'))}
          onClose={close}
        />
      ) : null}
      {shell.dialog === 'port' ? (
        <PortDialog
          current={state.status?.port}
          onChoose={(port) => {
            close();
            shell.choosePort(port);
          }}
          onCancel={close}
        />
      ) : null}
    </>
  );
}
