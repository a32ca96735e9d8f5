import type { ReactNode } from 'react';

/** One tab of a TabList: its id and what its button shows. */
export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

interface Props<Id extends string> {
  /** The list's accessible name ("Views"). */
  label: string;
  className: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect(id: Id): void;
  /** The class of the selected tab's button, where the list's CSS wants one. */
  selectedClass?: string;
}

/** A row of tabs (the WAI-ARIA tab roles): one button a tab, the selected one marked aria-selected. */
export function TabList<Id extends string>({ label, className, tabs, selected, onSelect, selectedClass }: Props<Id>) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={selected === t.id}
          className={selectedClass !== undefined ? (selected === t.id ? selectedClass : '') : undefined}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
