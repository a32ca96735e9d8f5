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

/**
 * A change that resolves a problem, offered by editors as a quick fix (Ctrl+. in the studio):
 * replace the text over `range` with `text`.
 */
export interface Fix {
  /** What the fix does, as a menu item reads: "Change to 'Product'". */
  title: string;
  range: Range;
  text: string;
}

/** One thing wrong (or suspicious) in a config, positioned for editors and terminals. */
export interface Problem {
  code: string;
  severity: Severity;
  message: string;
  range: Range;
  /** Where in the document, as keys and indexes, e.g. ['endpoints', 2, 'method']. */
  path: (string | number)[];
  /** Present only when the engine knows a fix (a "did you mean" suggestion, a safe value). */
  fixes?: Fix[];
}

export const hasErrors = (problems: readonly Problem[]): boolean => problems.some((p) => p.severity === 'error');
