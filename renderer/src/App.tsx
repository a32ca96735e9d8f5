import { useEffect, useRef, useState } from 'react';
import type { StudioClient } from './api/client';
import { Banners } from './components/Banners';
import { ConfigEditor, type ConfigEditorHandle } from './components/ConfigEditor';
import { DataTab } from './data/DataTab';
import { LogTab } from './log/LogTab';
import { useLogStore } from './log/use-log';
import { PortDialog } from './components/PortDialog';
import { SettingsDialog } from './components/SettingsDialog';
import { Welcome } from './components/Welcome';
import type { AppSettings } from '../../shared/src/studio-contract';
import { applyTheme, useDarkMode } from './theme';
import { ProblemsList } from './components/ProblemsList';
import { Sidebar } from './components/Sidebar';
import { StatusBar } from './components/StatusBar';
import { useStudio } from './use-studio';

type Tab = 'config' | 'data' | 'log';
const TABS: { id: Tab; label: string }[] = [
  { id: 'config', label: 'Config' },
  { id: 'data', label: 'Data' },
  { id: 'log', label: 'Log' },
];

export function App({ client }: { client: StudioClient }) {
  const { state, actions } = useStudio(client);
  const logStore = useLogStore(client);
  const [tab, setTab] = useState<Tab>('config');
  const [table, setTable] = useState<string | undefined>(undefined);
  const editor = useRef<ConfigEditorHandle>(null);
  const [choosingPort, setChoosingPort] = useState(false);
  const [settings, setSettings] = useState<AppSettings | undefined>(undefined);
  const [showSettings, setShowSettings] = useState(false);
  const [welcome, setWelcome] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [dropMessage, setDropMessage] = useState<string | undefined>(undefined);
  const save = actions.save;
  const dark = useDarkMode(settings?.theme ?? 'system');

  useEffect(() => {
    client.call('app.settings', {}).then(
      (s) => {
        setSettings(s);
        applyTheme(s.theme);
        setWelcome(s.showWelcome);
      },
      () => undefined, // a host without preferences: defaults, no welcome panel
    );
  }, [client]);

  const configure = async (patch: Partial<AppSettings>) => {
    const next = await client.call('app.configure', patch);
    setSettings(next);
    applyTheme(next.theme);
  };

  // Dropping a config on the window opens it (the desktop app knows the file's path).
  const onDrop = (e: React.DragEvent) => {
    e.preventDefault();
    setDropping(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    if (client.transport !== 'electron') {
      setDropMessage(
        `To open ${file.name}, run \`mockyard studio ${file.name}\` (the browser does not tell the studio where a dropped file is), or use the desktop app.`,
      );
      return;
    }
    client.call('app.open', { path: client.pathForFile(file) }).catch((err: Error) => setDropMessage(err.message));
  };

  useEffect(
    () =>
      client.on('app.command', ({ command }) => {
        if (command === 'save') void save();
        if (command === 'choosePort') setChoosingPort(true);
      }),
    [client, save],
  );

  // Closing the window (or tab) with unsaved edits asks first; Electron shows its own dialog for this.
  useEffect(() => {
    if (!state.dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
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
  return (
    <div
      className="app"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setDropping(true);
        }
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      {dropping ? <div className="drop-hint">Drop a YAML config to open it</div> : null}
      <Sidebar
        endpoints={state.endpoints}
        tables={state.tables}
        onEndpoint={jump}
        onTable={(t) => {
          setTable(t);
          setTab('data');
        }}
      />
      <main>
        <div className="tabs" role="tablist">
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              className={tab === t.id ? 'active' : ''}
              onClick={() => setTab(t.id)}
            >
              {t.label}
              {t.id === 'config' && state.dirty ? ' ●' : ''}
            </button>
          ))}
          <span className="spacer" />
          {state.status?.pendingApply ? (
            <button
              type="button"
              onClick={() => void actions.apply()}
              data-testid="apply"
              title="Saved but not applied yet"
            >
              Apply
            </button>
          ) : null}
          {tab === 'config' ? (
            <button
              type="button"
              className="primary"
              onClick={() => void actions.save()}
              disabled={state.saving}
              data-testid="save"
            >
              {state.saving ? 'Saving…' : 'Save'}
            </button>
          ) : null}
        </div>
        {welcome ? (
          <Welcome
            url={state.status?.url}
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
          <SettingsDialog settings={settings} onSave={configure} onClose={() => setShowSettings(false)} />
        ) : null}
        {dropMessage ? (
          <div className="banner banner-warning" role="alert">
            <span>{dropMessage}</span>
            <button type="button" onClick={() => setDropMessage(undefined)}>
              Dismiss
            </button>
          </div>
        ) : null}
        {choosingPort ? (
          <PortDialog
            current={state.status?.port}
            onChoose={(port) => {
              setChoosingPort(false);
              void actions.setPort(port);
            }}
            onCancel={() => setChoosingPort(false)}
          />
        ) : null}
        <Banners
          status={state.status}
          diskText={state.diskText}
          error={state.error}
          onUsePort={(port) => void actions.setPort(port)}
          onDiskChange={actions.resolveDiskChange}
          onDismissError={actions.dismissError}
        />
        <div className="tab-body" hidden={tab !== 'config'}>
          <ConfigEditor
            ref={editor}
            dark={dark}
            text={state.text}
            problems={state.problems}
            onChange={actions.edit}
            onSave={() => void actions.save()}
          />
          <ProblemsList problems={state.problems} onJump={jump} />
        </div>
        {tab === 'data' ? <DataTab client={client} tables={state.tables} selected={table} onSelect={setTable} /> : null}
        {tab === 'log' ? <LogTab client={client} store={logStore} url={state.status?.url} /> : null}
      </main>
      <StatusBar
        status={state.status}
        path={state.path}
        dirty={state.dirty}
        problems={state.problems.length}
        onChoosePort={() => setChoosingPort(true)}
        onSettings={settings ? () => setShowSettings(true) : undefined}
      />
    </div>
  );
}
