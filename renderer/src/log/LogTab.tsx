import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { counted } from '../../../shared/src/plural';
import type { LogEntry } from '../../../shared/src/log-entry';
import type { StudioClient } from '../api/client';
import { download } from '../data/download';
import { ErrorBanner } from '../feedback/ErrorBanner';
import { useFeedback } from '../feedback/feedback';
import { logFilter } from './filter';
import { LogDetail } from './LogDetail';
import { logKeyTarget } from './list-keys';
import { LogRow, logCellId } from './LogRow';
import { LogSettingsForm } from './LogSettingsForm';
import { LogToolbar } from './LogToolbar';
import { useLog, type LogStore } from './use-log';
import type { RecordControl } from './use-record';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import { curlFor, exampleEndpoints } from '../components/welcome-examples';

const ROW = 26;

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
  // An endpoint of this config to call, not the root path (which most configs answer 404).
  const tryFirst = exampleEndpoints(endpoints, 1)[0];
  const log = useLog(store);
  const [filterText, setFilterText] = useState('');
  const filter = useDeferredValue(filterText);
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  const [showSettings, setShowSettings] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const { notify } = useFeedback();
  const shown = useMemo(
    () => (filter.trim() ? log.entries.filter(logFilter(filter)) : log.entries),
    [log.entries, filter],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 15,
    // Off while the log is empty (the list is not rendered): that resets its offset, which it would
    // otherwise write back into the next list, so a cleared log would start scrolled down.
    enabled: log.entries.length > 0,
  });
  const selected = selectedId === undefined ? undefined : log.entries.find((e) => e.id === selectedId);

  const toggleSelected = useCallback((id: number) => setSelectedId((current) => (current === id ? undefined : id)), []);

  // New rows arrive on top. At the top, the list follows them; scrolled down or with a row
  // selected, the rows on screen stay where they are. The offset is kept from scroll events:
  // reading scrollTop here, after React's DOM changes, forced a layout on every batch.
  const firstId = useRef<number | undefined>(undefined);
  const scrollTop = useRef(0);
  // Requests that arrived above the rows held on screen: a cue offers to go up to them.
  const [unseen, setUnseen] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    const previous = firstId.current;
    firstId.current = shown[0]?.id;
    // An empty list (cleared, or nothing matches the filter) is unmounted or cannot scroll.
    if (shown.length === 0) scrollTop.current = 0;
    if (!el || previous === undefined) return;
    const added = shown.findIndex((e) => e.id === previous);
    if (added > 0 && (scrollTop.current > 0 || selectedId !== undefined)) {
      el.scrollTop = scrollTop.current + added * ROW;
      // Read back: a list shorter than its box does not scroll (and sends no scroll event).
      scrollTop.current = el.scrollTop;
      if (scrollTop.current > 0) setUnseen((n) => n + added);
    }
  }, [shown, selectedId]);

  // The list is one tab stop: Up and Down choose the next request (its detail opens), Home and End
  // the newest and oldest, Escape closes the detail.
  const items = virtualizer.getVirtualItems();
  const at = selectedId === undefined ? -1 : shown.findIndex((e) => e.id === selectedId);
  const selectedInView = at >= 0 && at >= (items[0]?.index ?? 0) && at <= (items[items.length - 1]?.index ?? -1);
  const onListKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const to = logKeyTarget(e.key, at, shown.length - 1);
    if (e.key === 'Escape' && selectedId !== undefined) {
      e.preventDefault();
      setSelectedId(undefined);
    }
    const entry = to === undefined ? undefined : shown[to];
    if (!entry || to === undefined) return;
    e.preventDefault();
    setSelectedId(entry.id);
    virtualizer.scrollToIndex(to);
  };

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
        shown={shown.length}
        log={log}
        record={record}
        onCleared={() => setSelectedId(undefined)}
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
        <div className="empty-state" data-testid="log-empty">
          <h3>No requests yet</h3>
          <p>Every request to the mock server shows up here as it happens. Try:</p>
          <pre>
            {tryFirst ? curlFor(tryFirst, url ?? 'http://127.0.0.1:3000') : `curl ${url ?? 'http://127.0.0.1:3000'}/`}
          </pre>
        </div>
      ) : (
        <>
          {shown.length === 0 ? (
            <p className="empty" role="status" data-testid="log-no-match">
              No request matches “{filter.trim()}”. Words: a method (post), a status (404) or class (4xx),
              endpoint:/users, or text in the path.
            </p>
          ) : null}
          {unseen > 0 && scrollTop.current > 0 ? (
            <button
              type="button"
              className="log-new"
              data-testid="log-new"
              onClick={() => {
                scroller.current?.scrollTo({ top: 0 });
                setUnseen(0);
              }}
            >
              ↑ {counted(unseen, 'new request')}
            </button>
          ) : null}
          <div className="log-body">
            <div
              className="log-list"
              ref={scroller}
              onScroll={(e) => {
                scrollTop.current = e.currentTarget.scrollTop;
                if (scrollTop.current === 0) setUnseen(0);
              }}
              role="grid"
              aria-label="Requests (arrow keys choose one)"
              aria-rowcount={shown.length + 1}
              aria-activedescendant={selectedInView ? logCellId(selectedId as number) : undefined}
              tabIndex={0}
              onKeyDown={onListKey}
              data-testid="log-list"
            >
              <div className="log-row log-head" role="row" aria-rowindex={1}>
                <span role="columnheader" className="time">
                  Time
                </span>
                <span role="columnheader">Method</span>
                <span role="columnheader">Path</span>
                <span role="columnheader" className="num">
                  Status
                </span>
                <span role="columnheader" className="num">
                  ms
                </span>
                <span role="columnheader">
                  Endpoint{' '}
                  <span
                    className="log-legend"
                    title="A request marked ● has notes: ignored query parameters, validation failures, latency added. Select it to read them."
                    data-testid="log-legend"
                  >
                    (<span aria-hidden="true">●</span> has notes)
                  </span>
                </span>
              </div>
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
                {virtualizer.getVirtualItems().map((item) => {
                  const e = shown[item.index];
                  if (!e) return null;
                  return (
                    <LogRow
                      key={e.id}
                      entry={e}
                      index={item.index}
                      selected={e.id === selectedId}
                      top={item.start}
                      height={ROW}
                      onSelect={toggleSelected}
                    />
                  );
                })}
              </div>
            </div>
            {selected ? (
              <LogDetail
                entry={selected}
                baseUrl={url}
                onClose={() => setSelectedId(undefined)}
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
