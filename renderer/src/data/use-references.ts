import { useCallback, useMemo, useRef, useState } from 'react';
import { toText } from '../../../shared/src/field-text';
import type { TableInfo } from '../../../shared/src/studio-contract';
import type { StudioClient } from '../api/client';
import { typeOf } from './field-text-input';
import type { LoadOptions } from './ReferenceInput';

/** The pick-list loaders of a table's reference fields, the same functions while the table's fields stay. */
export function useReferenceLoaders(
  client: StudioClient,
  table: TableInfo | undefined,
): (field: string) => LoadOptions | undefined {
  const name = table?.table;
  const referencing = (table?.fields ?? []).filter((f) => f.references).map((f) => f.name);
  const fields = referencing.join('\u0000');
  const loaders = useMemo(() => {
    const map = new Map<string, LoadOptions>();
    if (name === undefined || fields === '') return map;
    for (const field of fields.split('\u0000'))
      map.set(field, (search) => client.call('tables.referenceOptions', { table: name, field, search }));
    return map;
  }, [client, name, fields]);
  return useCallback((field: string) => loaders.get(field), [loaders]);
}

/** Following a reference cell's link: the table it came from, and the filter that shows the record. */
export interface Jump {
  from: string;
  to: string;
  filter: string;
  /** What was followed, for the note: `authorId 1 of posts`. */
  via: string;
}

interface JumpTarget {
  table: TableInfo | undefined;
  /** Shows another table (the App keeps which one). */
  onSelect(table: string): void;
  /** Sets the filter box and the filter at once. */
  showFilter(filter: string): void;
}

/**
 * A reference cell's link opens the referenced table filtered to that record (`id=2`), and a note
 * over the grid offers the way back. The filter is set after the switch, when the other table's
 * view has been reset (`arriving`), so the reset does not clear it.
 */
export function useReferenceJump({ table, onSelect, showFilter }: JumpTarget) {
  const pending = useRef<Jump | undefined>(undefined);
  const [jump, setJump] = useState<Jump | undefined>(undefined);
  const open = (field: string, value: unknown) => {
    const from = table?.table;
    const target = table?.fields.find((f) => f.name === field);
    const reference = target?.references;
    if (from === undefined || !target || !reference) return;
    const text = toText(typeOf(target.type), value);
    const next: Jump = {
      from,
      to: reference.table,
      filter: new URLSearchParams({ [reference.field]: text }).toString(),
      via: `${field} ${text} of ${from}`,
    };
    if (reference.table === from) {
      showFilter(next.filter);
      setJump(next);
    } else {
      pending.current = next;
      onSelect(reference.table);
    }
  };
  /** Called when the view switched to `name`: the filter a link asked for, if it led here. */
  const arriving = (name: string | undefined): string => {
    const next = pending.current?.to === name ? pending.current : undefined;
    pending.current = undefined;
    setJump(next);
    return next?.filter ?? '';
  };
  const back = () => {
    if (!jump) return;
    setJump(undefined);
    if (jump.from === table?.table) showFilter('');
    else onSelect(jump.from);
  };
  return { jump, open, arriving, back };
}
