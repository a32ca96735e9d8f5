/**
 * Which realtime endpoint a path is: a few patterns (`/ws/chat/:room`), matched segment by segment.
 * A literal segment beats a parameter, as the HTTP router does.
 */
import type { RealtimeModel } from './realtime-model.js';

interface Pattern<T> {
  endpoint: T;
  segments: string[];
  /** Literal segments count more: the most specific pattern wins. */
  weight: number;
}

const split = (path: string): string[] => path.replace(/\/+$/, '').split('/').slice(1);

export class PathMatcher<T extends Pick<RealtimeModel, 'path'>> {
  private readonly patterns: Pattern<T>[];

  constructor(endpoints: readonly T[]) {
    this.patterns = endpoints
      .map((endpoint) => {
        const segments = split(endpoint.path);
        return { endpoint, segments, weight: segments.filter((s) => !s.startsWith(':')).length };
      })
      .sort((a, b) => b.weight - a.weight);
  }

  get size(): number {
    return this.patterns.length;
  }

  /** The endpoint and its parameters (decoded), or undefined. */
  match(path: string): { endpoint: T; params: Record<string, string> } | undefined {
    if (this.patterns.length === 0) return undefined;
    const parts = split(path);
    for (const { endpoint, segments } of this.patterns) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = Object.create(null);
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const want = segments[i] as string;
        const got = parts[i] as string;
        if (want.startsWith(':')) {
          if (got === '') ok = false;
          else params[want.slice(1)] = safeDecode(got);
        } else ok = want === got;
      }
      if (ok) return { endpoint, params };
    }
    return undefined;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
