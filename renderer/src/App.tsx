import { useEffect, useMemo, useRef, useState } from 'react';
import type { StudioClient } from './api/client';
import { keepDraft } from './api/draft';
import { watchRefusals } from './api/refusals';
import { Banners } from './components/Banners';
import type { ConfigEditorHandle } from './components/ConfigEditor';
import { ConfigTab } from './components/ConfigTab';
import { SIDEBAR, useLayout } from './components/layout/use-layout';
import { Splitter } from './components/layout/Splitter';
import { PortDialog } from './components/PortDialog';
import { SettingsDialog } from './components/SettingsDialog';
import { Sidebar } from './components/Sidebar';
import { ScenarioSwitcher } from './components/ScenarioSwitcher';
import { StatusBar } from './components/StatusBar';
import { type Tab, TabBar } from './components/TabBar';
import { useAppSettings } from './components/use-app-settings';
import { useDrop } from './components/use-drop';
import { Welcome } from './components/Welcome';
import { DataTab } from './data/DataTab';
import { ErrorBanner } from './feedback/ErrorBanner';
import { useFeedback } from './feedback/feedback';
import { LogTab } from './log/LogTab';
import { useLogStore } from './log/use-log';
import { useRecord } from './log/use-record';
import { useDarkMode } from './theme';
import { TryIt } from './tryit/TryIt';
import { type TryTarget, tryEndpoint, tryEntry } from './tryit/request-draft';
import { useDesktopCommands } from './desktop-commands';
import { ImportOpenApiDialog } from './openapi/ImportOpenApiDialog';
import { useOpenApi } from './openapi/use-openapi';
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
  const editor = useRef<ConfigEditorHandle>(null);
  const [choosingPort, setChoosingPort] = useState(false);
  const [askPort, setAskPort] = useState<number | undefined>(undefined);
  const [showSettings, setShowSettings] = useState(false);
  const [tryIt, setTryIt] = useState<TryTarget | undefined>(undefined);
  const reloading = useRef(false);
  const { notify } = useFeedback();
  const save = actions.save;
  const dark = useDarkMode(settings?.theme ?? 'system');
  const editorText = () => editor.current?.getText() ?? state.text;
  const openApi = useOpenApi(client, editorText);

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

  const drop = useDrop(client, (file) => void openApi.importFile(file));

  useDesktopCommands(client, {
    save,
    choosePort: () => setChoosingPort(true),
    importOpenApi: openApi.pick,
    exportOpenApi: () => void openApi.exportAs('yaml'),
    draft: () => {
      const text = editor.current?.getText() ?? state.text;
      return { text, dirty: text !== state.savedText };
    },
  });

  // Ctrl/Cmd+S saves from anywhere in the studio, not only inside the editor (Monaco handles it there
  // and marks the event handled): otherwise the browser would offer to save the page.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      void save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  // Closing the window (or tab) with unsaved edits asks first; Electron shows its own dialog for this.
  // A reload from the session banner keeps the edit itself, so it does not ask.
  useEffect(() => {
    if (!state.dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (reloading.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.dirty]);

  const jump = (line: number, column = 1) => {
    setTab('config');
    window.setTimeout(() => editor.current?.revealLine(line, column), 0);
  };

  if (!state.loaded) return <div className="empty-state">Loading…</div>;
  const { status } = state;
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
        {layout.sidebarCollapsed ? null : (
          <>
            <Sidebar
              endpoints={state.endpoints}
              tables={state.tables}
              width={layout.sidebarWidth}
              onEndpoint={jump}
              onTry={(endpoint) => setTryIt(tryEndpoint(endpoint))}
              onTable={(t) => {
                setTable(t);
                setTab('data');
              }}
            />
            <Splitter
              orientation="vertical"
              size={layout.sidebarWidth}
              min={SIDEBAR.min}
              max={SIDEBAR.max}
              direction={1}
              label="Resize the sidebar"
              onResize={(sidebarWidth) => setLayout({ sidebarWidth })}
              testId="sidebar-splitter"
            />
          </>
        )}
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
          {openApi.importing ? (
            <ImportOpenApiDialog
              state={openApi.importing}
              configName={state.path.split(/[\\/]/).pop() ?? state.path}
              endpoints={state.endpoints.length}
              dirty={state.dirty}
              onReplace={replaceConfig}
              onClose={openApi.close}
            />
          ) : null}
          <ErrorBanner
            message={openApi.exportError}
            onDismiss={openApi.dismissExportError}
            testId="openapi-export-error"
          />
          {welcome ? (
            <Welcome
              status={status}
              endpoints={state.endpoints}
              problems={state.problems.length}
              configPath={state.path}
              database={state.database}
              onClose={() => setWelcome(false)}
              onNeverAgain={() => {
                setWelcome(false);
                void configure({ showWelcome: false });
              }}
            />
          ) : null}
          {showSettings && settings ? (
            <SettingsDialog
              settings={settings}
              onSave={(patch) => configure(patch).then(() => notify('Settings saved'))}
              onClose={() => setShowSettings(false)}
            />
          ) : null}
          <ErrorBanner message={drop.message} onDismiss={drop.dismiss} />
          {choosingPort ? (
            <PortDialog
              current={status?.port}
              onChoose={(port) => {
                setChoosingPort(false);
                choosePort(port);
              }}
              onCancel={() => setChoosingPort(false)}
            />
          ) : null}
          <Banners
            status={status}
            diskText={state.diskText}
            askPort={askPort}
            sessionLost={sessionLost}
            restored={state.restored}
            dirty={state.dirty}
            onUsePort={choosePort}
            onWritePort={(port) => {
              setAskPort(undefined);
              void actions.writePort(port);
            }}
            onDeclinePort={() => setAskPort(undefined)}
            onDiskChange={actions.resolveDiskChange}
            onReload={reload}
            onDismissRestored={actions.dismissRestored}
          />
          <ConfigTab
            client={client}
            editor={editor}
            hidden={tab !== 'config'}
            dark={dark}
            text={state.text}
            problems={state.problems}
            error={state.error}
            layout={layout}
            onLayout={setLayout}
            onChange={actions.edit}
            onSave={() => void save()}
            onJump={jump}
            onDismissError={actions.dismissError}
          />
          {tab === 'data' ? (
            <DataTab client={client} tables={state.tables} selected={table} onSelect={setTable} />
          ) : null}
          {tab === 'log' ? (
            <LogTab
              client={client}
              store={logStore}
              url={status?.url}
              endpoints={state.endpoints}
              onReplay={(entry) => setTryIt(tryEntry(entry))}
              record={record}
            />
          ) : null}
          {tryIt ? (
            <TryIt
              key={tryIt.seq}
              client={client}
              target={tryIt}
              endpoints={state.endpoints}
              tables={state.tables}
              status={status}
              configText={state.text}
              onClose={() => setTryIt(undefined)}
            />
          ) : null}
        </main>
      </div>
      <StatusBar
        status={status}
        path={state.path}
        dirty={state.dirty}
        problems={state.problems.length}
        onChoosePort={() => setChoosingPort(true)}
        onKeepPort={
          status?.portOrigin === 'chosen' && status.port !== undefined && askPort === undefined
            ? () => setAskPort(status.port)
            : undefined
        }
        onSettings={settings ? () => setShowSettings(true) : undefined}
        scenarios={<ScenarioSwitcher client={client} text={state.text} />}
      />
    </div>
  );
}
