import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  newConfig(): void;
  open(): void;
  openRecent(path: string): void;
  save(): void;
  saveAs(): void;
  importOpenApi(): void;
  exportOpenApi(): void;
  revealDatabase(): void;
  startServer(): void;
  stopServer(): void;
  restartServer(): void;
  choosePort(): void;
  /** Help › Show Logs: the folder of the app's log file. */
  showLogs(): void;
}

/** The application menu: File and Server as the studio needs them, plus the standard Edit/View/Window. */
export function menuTemplate(
  actions: MenuActions,
  recent: readonly string[],
  isMac: boolean,
): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New…', accelerator: 'CmdOrCtrl+N', click: actions.newConfig },
        { label: 'Open…', accelerator: 'CmdOrCtrl+O', click: actions.open },
        {
          label: 'Open Recent',
          submenu: recent.length
            ? recent.map((path) => ({ label: path, click: () => actions.openRecent(path) }))
            : [{ label: 'No recent files', enabled: false }],
        },
        { type: 'separator' },
        { label: 'Save', accelerator: 'CmdOrCtrl+S', click: actions.save },
        { label: 'Save As…', accelerator: 'CmdOrCtrl+Shift+S', click: actions.saveAs },
        { type: 'separator' },
        { label: 'Import OpenAPI…', click: actions.importOpenApi },
        { label: 'Export OpenAPI…', click: actions.exportOpenApi },
        { type: 'separator' },
        { label: 'Reveal Database in Folder', click: actions.revealDatabase },
        ...(isMac ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Server',
      submenu: [
        { label: 'Start', click: actions.startServer },
        { label: 'Stop', click: actions.stopServer },
        { label: 'Restart', click: actions.restartServer },
        { type: 'separator' },
        { label: 'Port…', click: actions.choosePort },
      ],
    },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { label: 'Help', role: 'help', submenu: [{ label: 'Show Logs', click: actions.showLogs }] },
  ];
}
