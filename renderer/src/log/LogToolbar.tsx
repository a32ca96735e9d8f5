import { Circle, FileDown, ListTree, Pause, Play, Settings2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { counted } from '../../../shared/src/plural';
import { OverflowMenu } from '../components/OverflowMenu';
import type { useLog } from './use-log';
import type { RecordControl } from './use-record';

interface Props {
  filterText: string;
  onFilter(text: string): void;
  /** How many requests the filter lets through. */
  shown: number;
  log: ReturnType<typeof useLog>;
  record: RecordControl;
  onCleared(): void;
  onExport(format: 'har' | 'jsonl'): void;
  showSettings: boolean;
  onToggleSettings(): void;
}

/** The Log's toolbar: filter and counts, Record, Pause, Clear, and the menu (export, settings). */
export function LogToolbar({
  filterText,
  onFilter,
  shown,
  log,
  record,
  onCleared,
  onExport,
  showSettings,
  onToggleSettings,
}: Props) {
  const recording = record.status?.mode ?? null;
  // What Record writes: inline endpoints, or (lists of records on a collection path) schemas with seed rows.
  const [schemasChoice, setAsSchemas] = useState<boolean | undefined>(undefined);
  const asSchemas = schemasChoice ?? recording === 'schemas';
  const proxy = record.status?.proxy ?? null;
  return (
    <div className="toolbar">
      <input
        className="filter"
        placeholder="filter: GET 4xx /users endpoint:none"
        value={filterText}
        onChange={(e) => onFilter(e.target.value)}
        aria-label="Filter requests"
        data-testid="log-filter"
      />
      <span className="counts" data-testid="log-counts">
        {shown === log.entries.length ? `${log.entries.length} kept` : `${shown} shown of ${log.entries.length} kept`}
        {log.settings ? ` (limit ${log.settings.limit})` : ''}
      </span>
      <span className="spacer" />
      <button
        type="button"
        className={recording ? 'record-toggle on' : 'record-toggle'}
        aria-pressed={recording !== null}
        disabled={proxy === null && recording === null}
        title={
          proxy === null
            ? 'Record writes proxied answers into the config; it needs a proxy URL: set one in Config › Forms › Server (server.proxy).'
            : recording
              ? `Recording answers from ${proxy} into the config${recording === 'schemas' ? ' (lists of records as schemas)' : ''}; click to stop`
              : `Write each JSON answer from ${proxy} into the config as an endpoint`
        }
        onClick={() => void record.set(recording ? null : asSchemas ? 'schemas' : 'endpoints')}
        data-testid="record-toggle"
      >
        <Circle size={12} aria-hidden="true" className="record-dot" />
        {recording ? 'Recording' : 'Record'}
        {proxy === null && recording === null ? <span className="muted"> (needs a proxy)</span> : null}
      </button>
      <button type="button" onClick={() => log.pause(!log.paused)} aria-pressed={log.paused} data-testid="log-pause">
        {log.paused ? <Play size={14} aria-hidden="true" /> : <Pause size={14} aria-hidden="true" />}
        {log.paused ? `Resume${log.waiting ? ` (${counted(log.waiting, 'new request')})` : ''}` : 'Pause'}
      </button>
      <button type="button" onClick={() => void log.clear().then(onCleared)} data-testid="log-clear">
        <Trash2 size={14} aria-hidden="true" />
        Clear
      </button>
      <OverflowMenu
        label="More log actions"
        testId="log-more"
        items={[
          {
            label: 'Export HAR',
            icon: <FileDown size={14} aria-hidden="true" />,
            onSelect: () => onExport('har'),
            testId: 'export-har',
          },
          {
            label: 'Export JSON lines',
            icon: <FileDown size={14} aria-hidden="true" />,
            onSelect: () => onExport('jsonl'),
            testId: 'export-jsonl',
          },
          {
            label: asSchemas ? 'Record lists as schemas: on' : 'Record lists as schemas: off',
            icon: <ListTree size={14} aria-hidden="true" />,
            onSelect: () => {
              const next = !asSchemas;
              setAsSchemas(next);
              if (recording) void record.set(next ? 'schemas' : 'endpoints');
            },
            testId: 'record-schemas',
          },
          {
            label: showSettings ? 'Hide log settings' : 'Log settings…',
            icon: <Settings2 size={14} aria-hidden="true" />,
            onSelect: onToggleSettings,
            testId: 'log-settings',
          },
        ]}
      />
    </div>
  );
}
