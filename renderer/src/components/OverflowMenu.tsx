import { MoreHorizontal } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { usePopover } from './use-popover';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect(): void;
  testId?: string;
}

interface Props {
  /** The menu's accessible name, e.g. "More log actions". */
  label: string;
  items: MenuItem[];
  /** Text shown beside the ⋯ icon (e.g. "More"); without it the button is the icon alone. */
  text?: string;
  testId?: string;
  /** Class names of the wrapper and the list, for a toolbar that places its menu its own way. */
  className?: string;
  listClassName?: string;
  buttonClassName?: string;
}

/**
 * A toolbar's secondary actions behind one ⋯ button, so the toolbar never wraps. The first item
 * takes focus when it opens; arrow keys move through the items; a choice, Escape, Tab or a click
 * elsewhere closes it (Escape or a choice gives focus back to the button, so a dialog the choice
 * opens returns it there). The list is a popover, in the top layer: no sticky header or panel
 * can cover it. The one menu of the studio.
 */
export function OverflowMenu({
  label,
  items,
  text,
  testId,
  className = 'menu',
  listClassName = 'menu-list',
  buttonClassName = 'btn',
}: Props) {
  const menu = usePopover<HTMLDivElement, HTMLDivElement>('below-right');
  const { open, setOpen, root, button } = menu;
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [open, root]);
  const onKey = (e: React.KeyboardEvent) => {
    const all = [...(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      all[(at + (e.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') button.current?.focus();
    }
  };
  return (
    <div className={className} ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClassName || undefined}
        aria-label={text ? undefined : label}
        title={text ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreHorizontal size={16} aria-hidden="true" />
        {text ? <span>{text}</span> : null}
      </button>
      {open ? (
        <div
          ref={menu.box}
          className={listClassName}
          popover="manual"
          style={{ position: 'fixed', inset: 'auto', margin: 0, color: 'inherit' }}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onKey}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              data-testid={item.testId}
              onClick={() => {
                button.current?.focus();
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
