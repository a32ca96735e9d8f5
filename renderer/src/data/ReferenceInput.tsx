import { type InputHTMLAttributes, type KeyboardEvent, useId, useRef, useState } from 'react';
import type { ReferenceOption } from '../../../shared/src/studio-contract';
import { optionText, ReferenceList } from './ReferenceList';
import { useListPlace } from './use-list-place';
import { type LoadOptions, useReferenceOptions } from './use-reference-options';

export type { LoadOptions } from './use-reference-options';

interface Props {
  load: LoadOptions;
  text: string;
  onText(text: string): void;
  /** An option was chosen (click, or Enter on the highlighted one): its value as text. */
  onPick(text: string): void;
  /** The input's own attributes (id, aria-*, autoFocus); its Enter/Tab/Escape go to `onKeyDown` unless a list item takes them. */
  input: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A reference field's input: the value can be typed as in any input, and a list under it
 * (ReferenceList) offers the referenced records, narrowed by what was typed; arrow keys move
 * through them and Enter picks one.
 */
export function ReferenceInput({ load, text, onText, onPick, input }: Props) {
  const listId = useId();
  const box = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(input.autoFocus === true);
  // The list searches what the user typed; the value the input started with shows every record.
  const [search, setSearch] = useState<string | undefined>(undefined);
  const listed = useReferenceOptions(load, search, open);
  const [active, setActive] = useState(-1);
  const place = useListPlace(box, open);

  const options = listed.state === 'ready' ? listed.found.options : [];
  const pick = (option: ReferenceOption) => {
    setOpen(false);
    onPick(optionText(option));
  };
  const keys = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
      return;
    }
    const chosen = options[active];
    if (e.key === 'Enter' && open && chosen) {
      e.preventDefault();
      pick(chosen);
      return;
    }
    input.onKeyDown?.(e);
  };

  return (
    <>
      <input
        {...input}
        ref={box}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={text}
        onFocus={(e) => {
          setOpen(true);
          input.onFocus?.(e);
        }}
        onBlur={(e) => {
          setOpen(false);
          input.onBlur?.(e);
        }}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          onText(e.target.value);
          setSearch(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onKeyDown={keys}
      />
      {open && place ? (
        <ReferenceList
          id={listId}
          place={place}
          listed={listed}
          search={search}
          text={text}
          active={active}
          onPick={pick}
        />
      ) : null}
    </>
  );
}
