import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { ReferenceOption, ReferenceOptions } from '../../../shared/src/studio-contract';

/** Asks the engine for the records a reference field can name (`tables.referenceOptions`). */
export type LoadOptions = (search: string) => Promise<ReferenceOptions>;

interface Props {
  load: LoadOptions;
  text: string;
  onText(text: string): void;
  /** An option was chosen (click, or Enter on the highlighted one): its value as text. */
  onPick(text: string): void;
  /** The input's own attributes (id, aria-*, autoFocus); its Enter/Tab/Escape go to `onKeyDown` unless a list item takes them. */
  input: InputHTMLAttributes<HTMLInputElement>;
}

type Listed = { state: 'loading' } | { state: 'ready'; found: ReferenceOptions } | { state: 'failed'; error: string };

const optionText = (o: ReferenceOption): string => String(o.value);

/**
 * A reference field's input: the value can be typed as in any input, and a list under it offers
 * the referenced records, key and label (`2 · Alan Turing`), narrowed by what was typed. The list
 * hangs from the page (a portal) so the grid's scrolling box never clips it; its items never take
 * the focus, so picking one does not count as leaving the cell.
 */
export function ReferenceInput({ load, text, onText, onPick, input }: Props) {
  const listId = useId();
  const box = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(input.autoFocus === true);
  // The list searches what the user typed; the value the input started with shows every record.
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [listed, setListed] = useState<Listed>({ state: 'loading' });
  const [active, setActive] = useState(-1);
  const [place, setPlace] = useState<{ left: number; top: number; width: number; up: boolean }>();

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = window.setTimeout(
      () =>
        load(search ?? '').then(
          (found) => current && setListed({ state: 'ready', found }),
          (err: Error) => current && setListed({ state: 'failed', error: err.message }),
        ),
      search === undefined ? 0 : 150,
    );
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [load, search, open]);

  // The list follows its input when the grid or the page scrolls, or the window is resized.
  const [, setMoved] = useState(0);
  useEffect(() => {
    if (!open) return;
    const moved = () => setMoved((n) => n + 1);
    window.addEventListener('scroll', moved, true);
    window.addEventListener('resize', moved);
    return () => {
      window.removeEventListener('scroll', moved, true);
      window.removeEventListener('resize', moved);
    };
  }, [open]);

  // After every render: the cell editor may move itself (away from the grid's edge) after this mounts.
  useLayoutEffect(() => {
    const rect = open ? box.current?.getBoundingClientRect() : undefined;
    if (!rect) return;
    // Below the input when there is room for a few items, else above it.
    const up = window.innerHeight - rect.bottom < 180 && rect.top > window.innerHeight - rect.bottom;
    const next = { left: rect.left, top: up ? rect.top : rect.bottom, width: Math.max(rect.width, 240), up };
    setPlace((was) =>
      was && was.left === next.left && was.top === next.top && was.width === next.width && was.up === next.up
        ? was
        : next,
    );
  });

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

  const found = listed.state === 'ready' ? listed.found : undefined;
  const list =
    open && place
      ? createPortal(
          // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the input; the listbox inside is what takes part.
          <div
            className={`reference-list${place.up ? ' up' : ''}`}
            style={{ left: place.left, top: place.top, width: place.width }}
            data-testid="reference-list"
            // The input keeps the focus (a click on an option or the scroll bar does not leave the
            // editor, so it does not commit what was typed).
            onMouseDown={(e) => e.preventDefault()}
          >
            <div role="listbox" id={listId} aria-label={found ? `Records of ${found.table}` : 'Records'}>
              {options.map((o, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter pick an option; a click picks it too.
                <div
                  key={optionText(o)}
                  id={`${listId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active || optionText(o) === text}
                  className={`reference-option${i === active ? ' active' : ''}`}
                  onClick={() => pick(o)}
                >
                  <span className="reference-value">{optionText(o)}</span>
                  {o.label !== undefined ? <span className="reference-label">{o.label}</span> : null}
                </div>
              ))}
            </div>
            <div className="reference-foot">
              {listed.state === 'loading'
                ? 'Loading…'
                : listed.state === 'failed'
                  ? listed.error
                  : found && found.total === 0
                    ? search
                      ? `No ${found.table} match “${search}”; the value is kept as typed.`
                      : `${found.table} has no rows yet.`
                    : found && found.total > options.length
                      ? `${options.length} of ${found.total} ${found.table}; type to narrow.`
                      : found
                        ? `${found.field}${found.labelField ? ` and ${found.labelField}` : ''} of ${found.table}`
                        : null}
            </div>
          </div>,
          document.body,
        )
      : null;

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
      {list}
    </>
  );
}
