import { DataTab } from '../data/DataTab';
import { LogTab } from '../log/LogTab';
import { GraphqlPanel } from '../tryit/GraphqlPanel';
import { TryIt } from '../tryit/TryIt';
import { tryEntry } from '../tryit/request-draft';
import type { Shell } from './use-shell';

/** The Data and Log tabs (mounted while shown) and the Try it panel beside them. */
export function Panels({ shell }: { shell: Shell }) {
  const { client, state, tab, tryIt } = shell;
  const onTry = shell.setTryIt;
  return (
    <>
      {tab === 'data' ? (
        <DataTab client={client} tables={state.tables} selected={shell.table} onSelect={shell.setTable} />
      ) : null}
      {tab === 'log' ? (
        <LogTab
          client={client}
          store={shell.logStore}
          url={state.status?.url}
          endpoints={state.endpoints}
          onReplay={(entry) => onTry(tryEntry(entry))}
          record={shell.record}
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
