import { useMemo, useRef, useState } from 'react';
import type { StudioClient } from '../api/client';
import { keepDraft } from '../api/draft';
import { watchRefusals } from '../api/refusals';
import type { ConfigEditorHandle } from '../components/ConfigEditor';
import { useLayout } from '../components/layout/use-layout';
import type { Tab } from '../components/TabBar';
import { useAppSettings } from '../components/use-app-settings';
import { useDrop } from '../components/use-drop';
import { useDesktopCommands } from '../desktop-commands';
import { useFeedback } from '../feedback/feedback';
import { useLogStore } from '../log/use-log';
import { useRecord } from '../log/use-record';
import { useOpenApi } from '../openapi/use-openapi';
import type { GraphqlTarget } from '../tryit/graphql-draft';
import type { TryTarget } from '../tryit/request-draft';
import { useDarkMode } from '../theme';
import { useStudio } from '../use-studio';
import type { AppDialog } from './AppDialogs';
import { useAppKeys } from './use-app-keys';
import { useFormEdits } from './use-form-edits';

/**
 * The studio shell's state: the config and the server (useStudio), the log and recording, the app's
 * settings and layout, which tab, table, dialog and Try it target are open, the port question, and
 * what the shell does across views (replace the config, choose a port, jump to a line, reload).
 */
export function useShell(rawClient: StudioClient) {
  // One refused call (the token cookie is gone) shows one banner with a reload, whichever view made it.
  const [sessionLost, setSessionLost] = useState(false);
  const client = useMemo(() => watchRefusals(rawClient, () => setSessionLost(true)), [rawClient]);
  const { state, actions } = useStudio(client);
  const logStore = useLogStore(client);
  const record = useRecord(client);
  const appSettings = useAppSettings(client);
  const [layout, setLayout] = useLayout();
  const [tab, setTab] = useState<Tab>('config');
  const [table, setTable] = useState<string | undefined>(undefined);
  const [dialog, setDialog] = useState<AppDialog>(undefined);
  const [askPort, setAskPort] = useState<number | undefined>(undefined);
  const [tryIt, setTryIt] = useState<TryTarget | GraphqlTarget | undefined>(undefined);
  const editor = useRef<ConfigEditorHandle>(null);
  const reloading = useRef(false);
  const { notify } = useFeedback();
  // A db.json's config is read-only until converted: Save (button, Ctrl+S) says so rather than fail.
  // Save waits for the edits the forms have asked for, so it writes what the forms show.
  const submitEdit = useFormEdits(client, editor);
  const save = state.dbJson
    ? async () => notify(`${state.path.split(/[\\/]/).pop()} is read-only here: Convert to a config to edit it.`)
    : async () => {
        await submitEdit.settled();
        await actions.save();
      };
  const dark = useDarkMode(appSettings.settings?.theme ?? 'system');
  const editorText = () => editor.current?.getText() ?? state.text;
  const openApi = useOpenApi(client, editorText);
  const drop = useDrop(client, (file) => void openApi.importFile(file));
  useAppKeys(save, state.dirty, reloading);

  // An imported config replaces the editor's text as one undoable edit, then is saved and served.
  const replaceConfig = (text: string) => {
    openApi.close();
    const base = editor.current?.getText();
    if (base !== undefined) editor.current?.applyEdits([{ offset: 0, length: base.length, text }], base);
    actions.edit(text);
    setTab('config');
    void save();
  };
  // A port chosen here (Use port N, Port…) is asked about once: keep it in the config?
  const choosePort = (port: number) => {
    setAskPort(port);
    void actions.setPort(port);
  };
  // Reloading gets a fresh token cookie from the URL; an unsaved edit waits in this tab's storage.
  const reload = () => {
    if (state.dirty) keepDraft(state.path, state.text);
    reloading.current = true;
    window.location.reload();
  };
  const jump = (line: number, column = 1) => {
    setTab('config');
    window.setTimeout(() => editor.current?.revealLine(line, column), 0);
  };
  useDesktopCommands(client, {
    save,
    choosePort: () => setDialog('port'),
    importOpenApi: openApi.pick,
    exportOpenApi: () => void openApi.exportAs('yaml'),
    draft: () => ({ text: editorText(), dirty: editorText() !== state.savedText }),
  });

  return {
    client,
    state,
    actions,
    logStore,
    record,
    ...appSettings,
    layout,
    setLayout,
    tab,
    setTab,
    table,
    setTable,
    dialog,
    setDialog,
    askPort,
    setAskPort,
    tryIt,
    setTryIt,
    editor,
    submitEdit,
    notify,
    save,
    dark,
    editorText,
    openApi,
    drop,
    sessionLost,
    replaceConfig,
    choosePort,
    reload,
    jump,
  };
}

export type Shell = ReturnType<typeof useShell>;
