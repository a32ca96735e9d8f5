/**
 * What a colour says in the studio, one class each in styles.css (`tone-ok` …): a server state,
 * a JSON value's type, a log note's kind each pick a tone rather than a colour of their own.
 */
export type Tone = 'ok' | 'warning' | 'error' | 'muted' | 'accent';

/** The class that gives an element a tone's colour. */
export const toneClass = (tone: Tone): string => `tone-${tone}`;
