import type { StudioClient } from '../api/client';
import type { Tab } from '../components/TabBar';
import { DataTab } from '../data/DataTab';
import { LogTab } from '../log/LogTab';
import type { useLogStore } from '../log/use-log';
import type { useRecord } from '../log/use-record';
import { GraphqlPanel } from '../tryit/GraphqlPanel';
import type { GraphqlTarget } from '../tryit/graphql-draft';
import { TryIt } from '../tryit/TryIt';
import { type TryTarget, tryEntry } from '../tryit/request-draft';
import type { StudioState } from '../studio/studio-state';

interface Props {
  client: StudioClient;
  state: StudioState;
  tab: Tab;
  table: string | undefined;
  onTable(table: string): void;
  logStore: ReturnType<typeof useLogStore>;
  record: ReturnType<typeof useRecord>;
  tryIt: TryTarget | GraphqlTarget | undefined;
  onTry(target: TryTarget | GraphqlTarget | undefined): void;
}

/** The Data and Log tabs (mounted while shown) and the Try it panel beside them. */
export function Panels({ client, state, tab, table, onTable, logStore, record, tryIt, onTry }: Props) {
  return (
    <>
      {tab === 'data' ? <DataTab client={client} tables={state.tables} selected={table} onSelect={onTable} /> : null}
      {tab === 'log' ? (
        <LogTab
          client={client}
          store={logStore}
          url={state.status?.url}
          endpoints={state.endpoints}
          onReplay={(entry) => onTry(tryEntry(entry))}
          record={record}
        />
      ) : null}
      {tryIt?.kind === 'graphql' && state.status?.graphqlPath ? (
        <GraphqlPanel
          key={tryIt.seq}
          client={client}
          path={state.status.graphqlPath}
          tables={state.tables}
          status={state.status}
          onClose={() => onTry(undefined)}
        />
      ) : null}
      {tryIt && tryIt.kind !== 'graphql' ? (
        <TryIt
          key={tryIt.seq}
          client={client}
          target={tryIt}
          endpoints={state.endpoints}
          tables={state.tables}
          status={state.status}
          configText={state.text}
          onClose={() => onTry(undefined)}
        />
      ) : null}
    </>
  );
}
