import { isMap, isScalar, parseDocument } from 'yaml';
import type { DocPath, TextEdit } from '../../../shared/src/config-edit/index';

const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number): number => {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
};

/**
 * Swaps two neighbouring entries of the map at `mapPath` (field order is key order), moving each
 * entry's own text whole: its value, options and same-line comment go with it, and every other byte
 * stays. The edit module moves list items; a map's keys have no index, so this is done here.
 */
export function swapEntries(text: string, mapPath: DocPath, first: string, second: string): TextEdit[] {
  const doc = parseDocument(text);
  const map = doc.getIn(mapPath, true);
  if (!isMap(map)) throw new Error(`No map at ${mapPath.join('.')}`);
  const index = (name: string) => map.items.findIndex((p) => isScalar(p.key) && p.key.value === name);
  let [i, j] = [index(first), index(second)];
  if (i < 0 || j < 0 || Math.abs(i - j) !== 1) throw new Error(`${first} and ${second} are not neighbours`);
  if (i > j) [i, j] = [j, i];
  const span = (k: number): [number, number] => {
    const pair = map.items[k];
    const key = pair && isScalar(pair.key) ? pair.key : undefined;
    if (!key?.range) throw new Error('An entry without a source range');
    const value = pair?.value as { range?: [number, number, number] } | null | undefined;
    const end = value?.range ? value.range[1] : key.range[1];
    if (map.flow) return [key.range[0], end];
    // A block entry is whole lines: from its key's line to the end of its value's last line.
    return [lineStart(text, key.range[0]), lineEnd(text, Math.max(end - 1, key.range[0]))];
  };
  const [s1, e1] = span(i);
  const [s2, e2] = span(j);
  return [
    {
      offset: s1,
      length: e2 - s1,
      text: text.slice(s2, e2) + text.slice(e1, s2) + text.slice(s1, e1),
    },
  ];
}
