import type { StudioClient } from './api/client';
import { ConfigTab } from './components/ConfigTab';
import { DbJsonBanner } from './components/DbJsonBanner';
import { ScenarioSwitcher } from './components/ScenarioSwitcher';
import { StatusBar } from './components/StatusBar';
import { TabBar } from './components/TabBar';
import { tryGraphql } from './tryit/graphql-draft';
import { AppDialogs } from './shell/AppDialogs';
import { AppNotices } from './shell/AppNotices';
import { Panels } from './shell/Panels';
import { SidebarPane } from './shell/SidebarPane';
import { useShell } from './shell/use-shell';
import { tryEndpoint } from './tryit/request-draft';

/** The first tab stop: past the sidebar's endpoints (44 Tab presses on examples/blog.yaml) to the views. */
function SkipLink() {
  return (
    <button
      type="button"
      className="skip-link"
      onClick={() => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus()}
    >
      Skip to the views
    </button>
  );
}

/** The studio: the sidebar, the tabs and what sits above them, the Config tab, the other views, the status bar. */
export function App({ client }: { client: StudioClient }) {
  const shell = useShell(client);
  const { state, actions, layout, setLayout, openApi, drop, save, askPort } = shell;
  if (!state.loaded) return <div className="empty-state">Loading…</div>;
  const { status } = state;
  const graphqlPath = status?.graphqlPath;
  return (
    <div className="app" {...drop.handlers}>
      <SkipLink />
      {drop.dropping ? (
        <div className="drop-hint">Drop a YAML config to open it, or an OpenAPI description to import it</div>
      ) : null}
      <div className="workspace">
        <SidebarPane
          layout={layout}
          onLayout={setLayout}
          endpoints={state.endpoints}
          tables={state.tables}
          onEndpoint={shell.jump}
          onTry={(endpoint) => shell.setTryIt(tryEndpoint(endpoint))}
          graphql={graphqlPath ? { path: graphqlPath, onTry: () => shell.setTryIt(tryGraphql()) } : undefined}
          onTable={(t) => {
            shell.setTable(t);
            shell.setTab('data');
          }}
        />
        <main>
          <TabBar
            tab={shell.tab}
            dirty={state.dirty}
            saving={state.saving}
            pendingApply={status?.pendingApply ?? false}
            sidebarCollapsed={layout.sidebarCollapsed}
            onTab={shell.setTab}
            onToggleSidebar={() => setLayout({ sidebarCollapsed: !layout.sidebarCollapsed })}
            onApply={() => void actions.apply()}
            onSave={() => void save()}
            onImportOpenApi={openApi.pick}
            onExportOpenApi={(format) => void openApi.exportAs(format)}
          />
          <AppDialogs shell={shell} />
          <AppNotices shell={shell} />
          <ConfigTab
            client={shell.client}
            editor={shell.editor}
            hidden={shell.tab !== 'config'}
            dark={shell.dark}
            config={state}
            layout={layout}
            onLayout={setLayout}
            onChange={actions.edit}
            onSave={() => void save()}
            submit={shell.submitEdit}
            onJump={shell.jump}
            onDismissError={actions.dismissError}
            readOnly={state.dbJson !== undefined}
            banner={
              state.dbJson ? (
                <DbJsonBanner path={state.path} convertTo={state.dbJson.convertTo} onConvert={actions.convert} />
              ) : undefined
            }
          />
          <Panels shell={shell} />
        </main>
      </div>
      <StatusBar
        status={status}
        path={state.path}
        dirty={state.dirty}
        problems={state.problems.length}
        onChoosePort={() => shell.setDialog('port')}
        onKeepPort={
          status?.portOrigin === 'chosen' && status.port !== undefined && askPort === undefined
            ? () => shell.setAskPort(status.port)
            : undefined
        }
        onSettings={shell.settings ? () => shell.setDialog('settings') : undefined}
        scenarios={<ScenarioSwitcher client={shell.client} text={state.text} />}
      />
    </div>
  );
}
