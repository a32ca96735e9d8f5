import {
  Activity,
  Database,
  FileCode2,
  FileDown,
  FileInput,
  PanelLeftClose,
  PanelLeftOpen,
  Play,
  Save,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { OverflowMenu } from './OverflowMenu';
import { TabList } from './TabList';

export type Tab = 'config' | 'data' | 'log';
const TABS: { id: Tab; label: string; icon: ReactNode }[] = [
  { id: 'config', label: 'Config', icon: <FileCode2 size={15} aria-hidden="true" /> },
  { id: 'data', label: 'Data', icon: <Database size={15} aria-hidden="true" /> },
  { id: 'log', label: 'Log', icon: <Activity size={15} aria-hidden="true" /> },
];

interface Props {
  tab: Tab;
  dirty: boolean;
  saving: boolean;
  pendingApply: boolean;
  sidebarCollapsed: boolean;
  onTab(tab: Tab): void;
  onToggleSidebar(): void;
  onApply(): void;
  onSave(): void;
  onImportOpenApi(): void;
  onExportOpenApi(format: 'yaml' | 'json'): void;
}

/** The sidebar toggle, the three tabs, OpenAPI import and export, and the config's Apply and Save; one row that never wraps. */
export function TabBar({ tab, dirty, saving, pendingApply, sidebarCollapsed, ...on }: Props) {
  return (
    <div className="tabs">
      <button
        type="button"
        className="icon"
        onClick={on.onToggleSidebar}
        aria-label={sidebarCollapsed ? 'Show the sidebar' : 'Hide the sidebar'}
        title={sidebarCollapsed ? 'Show the sidebar' : 'Hide the sidebar'}
        aria-expanded={!sidebarCollapsed}
        data-testid="sidebar-toggle"
      >
        {sidebarCollapsed ? (
          <PanelLeftOpen size={16} aria-hidden="true" />
        ) : (
          <PanelLeftClose size={16} aria-hidden="true" />
        )}
      </button>
      <TabList
        label="Views"
        className="tablist"
        tabs={TABS.map((t) => ({
          id: t.id,
          label: (
            <>
              {t.icon}
              {t.label}
              {t.id === 'config' && dirty ? (
                <span className="dot" title="Unsaved edits">
                  {' '}
                  ●
                </span>
              ) : null}
            </>
          ),
        }))}
        selected={tab}
        onSelect={on.onTab}
        selectedClass="active"
      />
      <span className="spacer" />
      <span className="actions">
        <OverflowMenu
          label="OpenAPI import and export"
          text="OpenAPI"
          testId="openapi-menu"
          items={[
            {
              label: 'Import OpenAPI…',
              icon: <FileInput size={14} aria-hidden="true" />,
              onSelect: on.onImportOpenApi,
              testId: 'openapi-import-item',
            },
            {
              label: 'Export OpenAPI (YAML)',
              icon: <FileDown size={14} aria-hidden="true" />,
              onSelect: () => on.onExportOpenApi('yaml'),
              testId: 'openapi-export-yaml',
            },
            {
              label: 'Export OpenAPI (JSON)',
              icon: <FileDown size={14} aria-hidden="true" />,
              onSelect: () => on.onExportOpenApi('json'),
              testId: 'openapi-export-json',
            },
          ]}
        />
        {pendingApply ? (
          <button
            type="button"
            className="btn"
            onClick={on.onApply}
            data-testid="apply"
            title="Saved but not applied yet: make it live"
          >
            <Play size={14} aria-hidden="true" />
            Apply
          </button>
        ) : null}
        {tab === 'config' ? (
          <button type="button" className="btn primary" onClick={on.onSave} disabled={saving} data-testid="save">
            <Save size={14} aria-hidden="true" />
            {saving ? 'Saving…' : 'Save'}
          </button>
        ) : null}
      </span>
    </div>
  );
}
