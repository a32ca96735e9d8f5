import type { ServerStatus } from '../../../shared/src/studio-contract';
import { Banners } from '../components/Banners';
import { Welcome } from '../components/Welcome';
import { ErrorBanner } from '../feedback/ErrorBanner';
import type { StudioState, useStudio } from '../use-studio';

interface Props {
  state: StudioState;
  actions: ReturnType<typeof useStudio>['actions'];
  welcome: boolean;
  onWelcome(show: boolean, never?: boolean): void;
  /** Errors of Export OpenAPI and of a dropped file, each until dismissed. */
  errors: { message: string | undefined; onDismiss(): void; testId?: string }[];
  askPort: number | undefined;
  onAskPort(port: number | undefined): void;
  sessionLost: boolean;
  onUsePort(port: number): void;
  onReload(): void;
}

/** What sits above the views: the welcome panel, error banners, and the questions that wait for an answer. */
export function AppNotices({ state, actions, ...p }: Props) {
  const status: ServerStatus | undefined = state.status;
  return (
    <>
      {p.errors.map((e, i) => (
        <ErrorBanner key={String(i)} message={e.message} onDismiss={e.onDismiss} testId={e.testId} />
      ))}
      {p.welcome ? (
        <Welcome
          status={status}
          endpoints={state.endpoints}
          problems={state.problems.length}
          configPath={state.path}
          database={state.database}
          onClose={() => p.onWelcome(false)}
          onNeverAgain={() => p.onWelcome(false, true)}
        />
      ) : null}
      <Banners
        status={status}
        diskText={state.diskText}
        askPort={p.askPort}
        sessionLost={p.sessionLost}
        restored={state.restored}
        dirty={state.dirty}
        onUsePort={p.onUsePort}
        onWritePort={(port) => {
          p.onAskPort(undefined);
          void actions.writePort(port);
        }}
        onDeclinePort={() => p.onAskPort(undefined)}
        onDiskChange={actions.resolveDiskChange}
        onReload={p.onReload}
        onDismissRestored={actions.dismissRestored}
      />
    </>
  );
}
