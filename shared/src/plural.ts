import pluralize from 'pluralize';

/**
 * A count with its noun in the right number: `counted(1, 'row')` → "1 row", `counted(2, 'row')` →
 * "2 rows", `counted(1200, 'person')` → "1,200 people". Every count the studio shows goes through this.
 */
export const counted = (n: number, noun: string): string => `${n.toLocaleString('en')} ${pluralize(noun, n)}`;
