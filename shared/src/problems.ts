/** A position in a text document; line and column are 1-based. */
export interface Position {
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning';

/** One thing wrong (or suspicious) in a config, positioned for editors and terminals. */
export interface Problem {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  /** Where in the document, as keys and indexes, e.g. ['endpoints', 2, 'method']. */
  path: (string | number)[];
}

export const hasErrors = (problems: readonly Problem[]): boolean => problems.some((p) => p.severity === 'error');
