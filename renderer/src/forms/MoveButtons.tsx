import { ArrowDown, ArrowUp } from 'lucide-react';

interface Props {
  /** What moves, in the buttons' names: `Move ${name} up`. */
  name: string;
  disabled: boolean;
  /** Undefined at the top (or bottom): that button is disabled. */
  onUp: (() => void) | undefined;
  onDown: (() => void) | undefined;
  /** The buttons' tooltips. */
  titles?: readonly [up: string, down: string];
}

/** Up and down, moving an entry one place (a field, a rule); `data-move` lets a list put focus back on one. */
export function MoveButtons({ name, disabled, onUp, onDown, titles = ['Move up', 'Move down'] }: Props) {
  const moves = [
    { dir: 'up', run: onUp, title: titles[0], Icon: ArrowUp },
    { dir: 'down', run: onDown, title: titles[1], Icon: ArrowDown },
  ] as const;
  return moves.map(({ dir, run, title, Icon }) => (
    <button
      key={dir}
      type="button"
      className="icon"
      data-move={dir}
      disabled={disabled || run === undefined}
      aria-label={`Move ${name} ${dir}`}
      title={title}
      onClick={run}
    >
      <Icon size={14} aria-hidden="true" />
    </button>
  ));
}
