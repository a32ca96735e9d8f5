/**
 * `ws`, loaded when a config first has a WebSocket endpoint: it loads node:crypto, which
 * `mockyard serve` otherwise starts without (a CLI test checks its startup chunk).
 */
let wsModule: Promise<typeof import('ws')> | undefined;

export const loadWs = (): Promise<typeof import('ws')> => {
  wsModule ??= import('ws');
  return wsModule;
};
