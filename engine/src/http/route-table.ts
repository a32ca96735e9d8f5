import Router from 'find-my-way';
import { routeShape } from '../config/route-shape.js';
import { NO_PARAMS } from './exchange.js';
import type { CompiledEndpoint } from './endpoint-run.js';

type Method = Router.HTTPMethod;
type Found = Router.FindResult<Router.HTTPVersion.V1>;

/** One version's route: the endpoint's method and path, and the endpoint compiled. */
export interface RouteEntry {
  method: Method;
  path: string;
  compiled: CompiledEndpoint;
}

const newRouter = () => Router({ ignoreTrailingSlash: true, maxParamLength: 2048 });

/** A route path the router matches only as written: no parameter, wildcard, or character it decodes or cuts at. */
const isStatic = (path: string): boolean => !/[:*%#;?]/.test(path);

/**
 * This version's routes without parameters, by method and then path, each with the result the
 * router would give for that exact path. Many requests to a mock are to such a route (a list, a
 * create, a fixed answer), and a lookup here answers them without the router's URL scan, tree walk
 * and three new objects (its result, params and query). Any other path goes to the router, which
 * answers as it always did: a static segment has priority over a parameter there, so an exact path
 * could only ever find its own route.
 */
function staticRoutes(routes: readonly RouteEntry[]): Map<string, Map<string, Found>> {
  const byMethod = new Map<string, Map<string, Found>>();
  for (const { method, path, compiled } of routes) {
    if (!isStatic(path)) continue;
    const paths = byMethod.get(method) ?? new Map<string, Found>();
    byMethod.set(method, paths);
    paths.set(path, Object.freeze({ handler: () => undefined, store: compiled, params: NO_PARAMS, searchParams: {} }));
  }
  return byMethod;
}

/**
 * A find-my-way router shared by successive config versions: adding a route is cheap, but removing
 * one rebuilds the whole tree, so a version adds the routes it lacks and leaves the others in place.
 * Each route's store is its shape; a version answers only for the shapes it has.
 */
class SharedRouter {
  readonly router = newRouter();
  /** The path each shape was added with (a shape added with other parameter names is another route). */
  readonly paths = new Map<string, string>();

  /** Whether every route fits what is held: a shape held is held with the same path. */
  fits(routes: readonly RouteEntry[]): boolean {
    return routes.every(({ method, path }) => {
      const held = this.paths.get(routeShape(method, path));
      return held === undefined || held === path;
    });
  }

  add(routes: readonly RouteEntry[]): Map<string, CompiledEndpoint> {
    const live = new Map<string, CompiledEndpoint>();
    for (const { method, path, compiled } of routes) {
      const shape = routeShape(method, path);
      // As find-my-way refuses a route added twice (the config check reports it first).
      if (live.has(shape)) throw new Error(`Method '${method}' already declared for route '${path}'`);
      if (!this.paths.has(shape)) {
        this.router.on(method, path, () => undefined, shape);
        this.paths.set(shape, path);
      }
      live.set(shape, compiled);
    }
    return live;
  }
}

/**
 * One config version's routes. The router is the previous version's when its routes fit (a reload
 * usually changes one endpoint and keeps the rest, so only new routes are added): building a router
 * costs about 13 µs a route. Routes earlier versions had stay in the router; when one of them matches
 * a request, a router of this version's routes alone answers instead (made on first need), so a
 * removed route never hides one that remains. The router starts afresh once it holds more old routes
 * than live ones.
 */
export class RouteTable {
  private own: Router.Instance<Router.HTTPVersion.V1> | undefined;
  private readonly statics: Map<string, Map<string, Found>>;
  /** Every parameterless path, whatever its method. */
  private readonly literals: Set<string>;

  private constructor(
    private readonly shared: SharedRouter,
    private readonly live: Map<string, CompiledEndpoint>,
    private readonly routes: readonly RouteEntry[],
  ) {
    this.statics = staticRoutes(routes);
    this.literals = new Set([...this.statics.values()].flatMap((paths) => [...paths.keys()]));
  }

  /** The routes of `endpoints`, each compiled by `compile`, built on `previous` when it fits. */
  static build<E extends { method: Method; path: string }>(
    endpoints: readonly E[],
    compile: (endpoint: E) => CompiledEndpoint,
    previous?: RouteTable,
  ): RouteTable {
    const routes = endpoints.map((e): RouteEntry => ({ method: e.method, path: e.path, compiled: compile(e) }));
    const held = previous?.shared;
    const reuse = held !== undefined && held.paths.size <= 2 * routes.length + 16 && held.fits(routes);
    if (reuse) {
      try {
        return new RouteTable(held, held.add(routes), routes);
      } catch {
        // A route find-my-way refuses beside the old ones: start afresh, where it is refused only if it is wrong.
      }
    }
    const shared = new SharedRouter();
    return new RouteTable(shared, shared.add(routes), routes);
  }

  /** The endpoint for a method and path with its parameters (in find-my-way's result: `store` is the endpoint), or null. */
  find(method: Method, path: string): Found | null {
    const exact = this.statics.get(method)?.get(path);
    if (exact !== undefined) return exact;
    // A concrete path is matched before a templated one, whatever the method (as OpenAPI has it):
    // `PUT /tags/popular` beside `GET /tags/popular` and `PUT /tags/:code` is the literal path's 405.
    if (this.literals.size > 0) {
      const literal = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
      if (this.literals.has(literal)) return this.statics.get(method)?.get(literal) ?? null;
    }
    const found = this.shared.router.find(method, path);
    if (found === null) return null;
    const compiled = this.live.get(found.store as string);
    if (compiled === undefined) return this.ownRouter().find(method, path);
    // find-my-way makes a new result for each call: it is ours to fill in.
    found.store = compiled;
    return found;
  }

  /** A router of this version's routes alone, whose stores are the endpoints. */
  private ownRouter(): Router.Instance<Router.HTTPVersion.V1> {
    if (!this.own) {
      this.own = newRouter();
      for (const { method, path, compiled } of this.routes) this.own.on(method, path, () => undefined, compiled);
    }
    return this.own;
  }
}
