import { relative } from 'node:path';
import type { Problem } from '../../shared/src/problems.js';
import type { EndpointSummary } from '../../shared/src/service-summary.js';

export interface Colors {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
  cyan(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string): string => s;

export function colors(enabled: boolean): Colors {
  if (!enabled) return { red: plain, yellow: plain, green: plain, dim: plain, bold: plain, cyan: plain };
  return {
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    green: wrap(32, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
    cyan: wrap(36, 39),
  };
}

export const displayPath = (file: string): string => {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
};

/** `examples/blog.yaml:12:9 error Endpoint GET /posts references unknown schema 'Post'. …` */
export function formatProblem(file: string, p: Problem, c: Colors): string {
  const where = `${displayPath(file)}:${p.range.start.line}:${p.range.start.column}`;
  const severity = p.severity === 'error' ? c.red('error') : c.yellow('warning');
  return `${where} ${severity} ${p.message}`;
}

export function formatEndpoints(endpoints: readonly EndpointSummary[], c: Colors): string[] {
  const width = Math.max(0, ...endpoints.map((e) => e.path.length));
  return endpoints.map((e) => {
    const what =
      e.kind === 'static'
        ? 'static'
        : e.kind === 'websocket' || e.kind === 'sse'
          ? `${e.kind === 'sse' ? 'event stream' : 'websocket'}${e.schema ? ` feed of ${e.schema}` : ''}`
          : `${e.operation}${e.schema ? ` ${e.schema}` : ''}`;
    return `  ${c.bold(e.method.padEnd(6))} ${e.path.padEnd(width)}  ${c.dim(`${what} → ${e.status}`)}`;
  });
}

export function formatStatus(status: number, c: Colors): string {
  const s = String(status);
  return status >= 500 ? c.red(s) : status >= 400 ? c.yellow(s) : c.green(s);
}
