import { useDeferredValue, useState } from 'react';
import { counted } from '../../../shared/src/plural';
import type { LogEntry } from '../../../shared/src/log-entry';
import type { StudioClient } from '../api/client';
import { download } from '../data/download';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { useFeedback } from '../feedback/feedback';
import { LogDetail } from './LogDetail';
import { LogEmpty } from './LogEmpty';
import { LogList } from './LogList';
import { LogSettingsForm } from './LogSettingsForm';
import { LogToolbar } from './LogToolbar';
import { useLog, type LogStore } from './use-log';
import { useLogList } from './use-log-list';
import type { RecordControl } from './use-record';
import type { EndpointSummary } from '../../../shared/src/service-summary';

interface Props {
  client: StudioClient;
  store: LogStore;
  url: string | undefined;
  /** The live endpoints, for a call worth trying when the log is empty. */
  endpoints: readonly EndpointSummary[];
  /** Replay: opens Try it with the request filled in. */
  onReplay(entry: LogEntry): void;
  /** The Record toggle's state (kept by the app, so a recording is announced on every tab). */
  record: RecordControl;
}

/** Every request to the mock, live, newest first; a virtualised list that never freezes the app. */
export function LogTab({ client, store, url, endpoints, onReplay, record }: Props) {
  const log = useLog(store);
  const [filterText, setFilterText] = useState('');
  const filter = useDeferredValue(filterText);
  const list = useLogList(log.entries, filter);
  const [showSettings, setShowSettings] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const { notify } = useFeedback();
  const { selected, select } = list;

  const exportAs = async (format: 'har' | 'jsonl') => {
    try {
      const file = await client.call('log.export', { format });
      download(file.filename, file.text, format === 'har' ? 'application/json' : 'application/x-ndjson');
      // The file holds every kept request: say so when a filter hides some of them here.
      notify(`Exported ${file.filename}${filter.trim() ? ' (every kept request; the filter does not apply)' : ''}`);
    } catch (err) {
      setMessage((err as Error).message);
    }
  };

  return (
    <div className="log-tab" data-testid="log">
      <LogToolbar
        filterText={filterText}
        onFilter={setFilterText}
        shown={list.shown.length}
        log={log}
        record={record}
        onCleared={() => select(undefined)}
        onExport={(format) => void exportAs(format)}
        showSettings={showSettings}
        onToggleSettings={() => setShowSettings((s) => !s)}
      />
      <ErrorBanner message={message} onDismiss={() => setMessage(undefined)} testId="log-error" />
      <ErrorBanner message={record.error} onDismiss={record.dismissError} testId="record-error" />
      {showSettings && log.settings ? (
        <LogSettingsForm settings={log.settings} onSave={(s) => log.configure(s).then(() => setShowSettings(false))} />
      ) : null}
      {log.entries.length === 0 ? (
        <LogEmpty url={url} endpoints={endpoints} />
      ) : (
        <>
          {list.shown.length === 0 ? (
            <p className="empty" role="status" data-testid="log-no-match">
              No request matches “{filter.trim()}”. Words: a method (post), a status (404) or class (4xx),
              endpoint:/users, or text in the path.
            </p>
          ) : null}
          {list.unseen > 0 ? (
            <button type="button" className="log-new" data-testid="log-new" onClick={list.toTop}>
              ↑ {counted(list.unseen, 'new request')}
            </button>
          ) : null}
          <div className="log-body">
            <LogList list={list} />
            {selected ? (
              <LogDetail
                entry={selected}
                baseUrl={url}
                onClose={() => select(undefined)}
                onReplay={onReplay}
                onCopied={() => notify('Copied')}
              />
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
