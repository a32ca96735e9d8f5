/** Where the admin API lives (`/__mockyard/reset`, `/__mockyard/log`); configs cannot declare paths under it. */
export const ADMIN_BASE = '/__mockyard';

/** Whether a request or endpoint path belongs to the admin API. */
export const isAdminPath = (path: string): boolean => path === ADMIN_BASE || path.startsWith(`${ADMIN_BASE}/`);
