/**
 * Whether the window's page has finished loading: the renderer listens for the app's commands only
 * once it has, and Electron drops whatever `webContents.send` sent before (there is no page yet to
 * deliver it to). `started()` at each loadURL (and when the renderer went away), `finished()` at
 * `did-finish-load`.
 */
export class PageLoads {
  private loaded = false;
  private waiters: (() => void)[] = [];

  get isLoaded(): boolean {
    return this.loaded;
  }

  started(): void {
    this.loaded = false;
  }

  finished(): void {
    this.loaded = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** True once the page has loaded (at once if it has), false when `ms` passed first. */
  wait(ms: number): Promise<boolean> {
    if (this.loaded) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      this.waiters.push(wake);
    });
  }
}
