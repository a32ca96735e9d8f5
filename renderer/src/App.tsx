import { useMemo, useRef, useState } from 'react';
import type { StudioClient } from './api/client';
import { keepDraft } from './api/draft';
import { watchRefusals } from './api/refusals';
import type { ConfigEditorHandle } from './components/ConfigEditor';
import { ConfigTab } from './components/ConfigTab';
import { DbJsonBanner } from './components/DbJsonBanner';
import { useLayout } from './components/layout/use-layout';
import { ScenarioSwitcher } from './components/ScenarioSwitcher';
import { StatusBar } from './components/StatusBar';
import { type Tab, TabBar } from './components/TabBar';
import { useAppSettings } from './components/use-app-settings';
import { useDrop } from './components/use-drop';
import { useDesktopCommands } from './desktop-commands';
import { useFeedback } from './feedback/feedback';
import { useLogStore } from './log/use-log';
import { useRecord } from './log/use-record';
import { type GraphqlTarget, tryGraphql } from './tryit/graphql-draft';
import { useOpenApi } from './openapi/use-openapi';
import { type AppDialog, AppDialogs } from './shell/AppDialogs';
import { AppNotices } from './shell/AppNotices';
import { Panels } from './shell/Panels';
import { SidebarPane } from './shell/SidebarPane';
import { useAppKeys } from './shell/use-app-keys';
import { useDarkMode } from './theme';
import { type TryTarget, tryEndpoint } from './tryit/request-draft';
import { useStudio } from './use-studio';

export function App({ client: rawClient }: { client: StudioClient }) {
  // One refused call (the token cookie is gone) shows one banner with a reload, whichever view made it.
  const [sessionLost, setSessionLost] = useState(false);
  const client = useMemo(() => watchRefusals(rawClient, () => setSessionLost(true)), [rawClient]);
  const { state, actions } = useStudio(client);
  const logStore = useLogStore(client);
  const record = useRecord(client);
  const { settings, configure, welcome, setWelcome } = useAppSettings(client);
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
  const save = state.dbJson
    ? async () => notify(`${state.path.split(/[\\/]/).pop()} is read-only here: Convert to a config to edit it.`)
    : actions.save;
  const dark = useDarkMode(settings?.theme ?? 'system');
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

  if (!state.loaded) return <div className="empty-state">Loading…</div>;
  const { status } = state;
  const graphqlPath = status?.graphqlPath;
  return (
    <div className="app" {...drop.handlers}>
      {/* The first tab stop: past the sidebar's endpoints (44 Tab presses on examples/blog.yaml) to the views. */}
      <button
        type="button"
        className="skip-link"
        onClick={() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()}
      >
        Skip to the views
      </button>
      {drop.dropping ? (
        <div className="drop-hint">Drop a YAML config to open it, or an OpenAPI description to import it</div>
      ) : null}
      <div className="workspace">
        <SidebarPane
          layout={layout}
          onLayout={setLayout}
          endpoints={state.endpoints}
          tables={state.tables}
          onEndpoint={jump}
          onTry={(endpoint) => setTryIt(tryEndpoint(endpoint))}
          graphql={graphqlPath ? { path: graphqlPath, onTry: () => setTryIt(tryGraphql()) } : undefined}
          onTable={(t) => {
            setTable(t);
            setTab('data');
          }}
        />
        <main>
          <TabBar
            tab={tab}
            dirty={state.dirty}
            saving={state.saving}
            pendingApply={status?.pendingApply ?? false}
            sidebarCollapsed={layout.sidebarCollapsed}
            onTab={setTab}
            onToggleSidebar={() => setLayout({ sidebarCollapsed: !layout.sidebarCollapsed })}
            onApply={() => void actions.apply()}
            onSave={() => void save()}
            onImportOpenApi={openApi.pick}
            onExportOpenApi={(format) => void openApi.exportAs(format)}
          />
          <AppDialogs
            dialog={dialog}
            onDialog={setDialog}
            openApi={openApi}
            settings={settings}
            onSettings={(patch) => configure(patch).then(() => notify('Settings saved'))}
            status={status}
            path={state.path}
            endpoints={state.endpoints.length}
            dirty={state.dirty}
            editorText={editorText}
            onReplace={replaceConfig}
            onPort={choosePort}
          />
          <AppNotices
            state={state}
            actions={actions}
            welcome={welcome}
            onWelcome={(show, never) => {
              setWelcome(show);
              if (never) void configure({ showWelcome: false });
            }}
            errors={[
              { message: openApi.exportError, onDismiss: openApi.dismissExportError, testId: 'openapi-export-error' },
              { message: drop.message, onDismiss: drop.dismiss },
            ]}
            askPort={askPort}
            onAskPort={setAskPort}
            sessionLost={sessionLost}
            onUsePort={choosePort}
            onReload={reload}
          />
          <ConfigTab
            client={client}
            editor={editor}
            hidden={tab !== 'config'}
            dark={dark}
            text={state.text}
            savedText={state.savedText}
            problems={state.problems}
            error={state.error}
            layout={layout}
            onLayout={setLayout}
            onChange={actions.edit}
            onSave={() => void save()}
            onJump={jump}
            onDismissError={actions.dismissError}
            readOnly={state.dbJson !== undefined}
            banner={
              state.dbJson ? (
                <DbJsonBanner path={state.path} convertTo={state.dbJson.convertTo} onConvert={actions.convert} />
              ) : undefined
            }
          />
          <Panels
            client={client}
            state={state}
            tab={tab}
            table={table}
            onTable={setTable}
            logStore={logStore}
            record={record}
            tryIt={tryIt}
            onTry={setTryIt}
          />
        </main>
      </div>
      <StatusBar
        status={status}
        path={state.path}
        dirty={state.dirty}
        problems={state.problems.length}
        onChoosePort={() => setDialog('port')}
        onKeepPort={
          status?.portOrigin === 'chosen' && status.port !== undefined && askPort === undefined
            ? () => setAskPort(status.port)
            : undefined
        }
        onSettings={settings ? () => setDialog('settings') : undefined}
        scenarios={<ScenarioSwitcher client={client} text={state.text} />}
      />
    </div>
  );
}
