import { YAMLMap } from 'yaml';
import type { WrittenField } from '../../../shared/src/config-edit/as-written';
import { modify, type TextEdit } from '../../../shared/src/config-edit/index';

export type FieldOption = 'type' | 'required' | 'unique' | 'default' | 'description';

/**
 * The edit that sets one option of a field. A field written short (`name: string`) becomes a flow
 * map (kept on its line) only when it needs one; an option turned off (false, empty) is removed rather than written.
 */
export function setFieldOption(text: string, field: WrittenField, option: FieldOption, value: unknown): TextEdit[] {
  const off = value === undefined || value === false || value === '';
  if (field.short) {
    if (option === 'type') return modify(text, field.path, value);
    if (off) return [];
    // A one-line field stays on one line: `price: number` becomes `price: { type: number, default: 1 }`.
    const map = new YAMLMap<string, unknown>();
    map.flow = true;
    map.set('type', field.type);
    map.set(option, value);
    return modify(text, field.path, map);
  }
  return modify(text, [...field.path, option], off ? undefined : value);
}

export const deleteField = (text: string, field: WrittenField): TextEdit[] => modify(text, field.path, undefined);
