import { useCallback, useEffect, useState } from 'react';
import type { AppSettings } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { applyTheme } from '../theme';

/** The app's preferences (theme, apply on save, …), loaded once; `configure` saves a change and applies the theme. */
export function useAppSettings(client: StudioClient) {
  const [settings, setSettings] = useState<AppSettings | undefined>(undefined);
  const [welcome, setWelcome] = useState(false);
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
  const configure = useCallback(
    async (patch: Partial<AppSettings>) => {
      const next = await client.call('app.configure', patch);
      setSettings(next);
      applyTheme(next.theme);
    },
    [client],
  );
  return { settings, configure, welcome, setWelcome };
}
