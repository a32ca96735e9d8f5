import { Banners } from '../components/Banners';
import { Welcome } from '../components/Welcome';
import { ErrorBanner } from '../feedback/ErrorBanner';
import type { Shell } from './use-shell';

/** What sits above the views: the welcome panel, error banners, and the questions that wait for an answer. */
export function AppNotices({ shell }: { shell: Shell }) {
  const { state, actions, openApi, drop } = shell;
  const { status } = state;
  // Errors of Export OpenAPI and of a dropped file, each until dismissed.
  const errors = [
    { message: openApi.exportError, onDismiss: openApi.dismissExportError, testId: 'openapi-export-error' },
    { message: drop.message, onDismiss: drop.dismiss },
  ];
  const closeWelcome = (never: boolean) => {
    shell.setWelcome(false);
    if (never) void shell.configure({ showWelcome: false });
  };
  return (
    <>
      {errors.map((e, i) => (
        <ErrorBanner key={String(i)} message={e.message} onDismiss={e.onDismiss} testId={e.testId} />
      ))}
      {shell.welcome ? (
        <Welcome
          status={status}
          endpoints={state.endpoints}
          problems={state.problems.length}
          configPath={state.path}
          database={state.database}
          onClose={() => closeWelcome(false)}
          onNeverAgain={() => closeWelcome(true)}
        />
      ) : null}
      <Banners
        status={status}
        diskText={state.diskText}
        askPort={shell.askPort}
        sessionLost={shell.sessionLost}
        restored={state.restored}
        dirty={state.dirty}
        onUsePort={shell.choosePort}
        onWritePort={(port) => {
          shell.setAskPort(undefined);
          void actions.writePort(port);
        }}
        onDeclinePort={() => shell.setAskPort(undefined)}
        onDiskChange={actions.resolveDiskChange}
        onReload={shell.reload}
        onDismissRestored={actions.dismissRestored}
      />
    </>
  );
}
