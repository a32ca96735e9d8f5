/**
 * A route as a router tells routes apart: `/users/:id` and `/users/:slug` are the same route, and so
 * are `/users` and `/users/`; `/files/:name.json` is another (the router matches its suffix). The
 * config refuses two endpoints of one shape; the runtime's routers (http/route-table.ts) hold one
 * route per shape.
 */
export const routeShape = (method: string, path: string): string =>
  `${method} ${path.replace(/:[^/.]*/g, ':').replace(/\/+$/, '') || '/'}`;
