import { createPortal } from 'react-dom';
import type { ReferenceOption } from '../../../shared/src/studio-contract';
import type { Listed } from './use-reference-options';
import type { ListPlace } from './use-list-place';

export const optionText = (o: ReferenceOption): string => String(o.value);

/** The list's last line: loading, the failure, no match, how many are shown, or where the records come from. */
function footOf(listed: Listed, search: string | undefined, shown: number): string {
  if (listed.state === 'loading') return 'Loading…';
  if (listed.state === 'failed') return listed.error;
  const { found } = listed;
  if (found.total === 0)
    return search
      ? `No ${found.table} match “${search}”; the value is kept as typed.`
      : `${found.table} has no rows yet.`;
  if (found.total > shown) return `${shown} of ${found.total} ${found.table}; type to narrow.`;
  return `${found.field}${found.labelField ? ` and ${found.labelField}` : ''} of ${found.table}`;
}

interface Props {
  id: string;
  place: ListPlace;
  listed: Listed;
  search: string | undefined;
  /** The input's text: the option holding it is marked selected. */
  text: string;
  /** The highlighted option (arrow keys), -1 for none. */
  active: number;
  onPick(option: ReferenceOption): void;
}

/**
 * A reference input's list of records, key and label (`2 · Alan Turing`). It hangs from the page
 * (a portal) so the grid's scrolling box never clips it; its items never take the focus, so picking
 * one does not count as leaving the cell.
 */
export function ReferenceList({ id, place, listed, search, text, active, onPick }: Props) {
  const found = listed.state === 'ready' ? listed.found : undefined;
  const options = found?.options ?? [];
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus in the input; the listbox inside is what takes part.
    <div
      className={`reference-list${place.up ? ' up' : ''}`}
      style={{ left: place.left, top: place.top, width: place.width }}
      data-testid="reference-list"
      // The input keeps the focus (a click on an option or the scroll bar does not leave the
      // editor, so it does not commit what was typed).
      onMouseDown={(e) => e.preventDefault()}
    >
      <div role="listbox" id={id} aria-label={found ? `Records of ${found.table}` : 'Records'}>
        {options.map((o, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter pick an option; a click picks it too.
          <div
            key={optionText(o)}
            id={`${id}-${i}`}
            role="option"
            tabIndex={-1}
            aria-selected={i === active || optionText(o) === text}
            className={`reference-option${i === active ? ' active' : ''}`}
            onClick={() => onPick(o)}
          >
            <span className="reference-value">{optionText(o)}</span>
            {o.label !== undefined ? <span className="reference-label">{o.label}</span> : null}
          </div>
        ))}
      </div>
      <div className="reference-foot">{footOf(listed, search, options.length)}</div>
    </div>,
    document.body,
  );
}
