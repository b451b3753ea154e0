import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs as the ARIA pattern has them: one tab stop for the list (the selected tab), arrow keys,
 * Home and End move between tabs and select them; each panel is labelled by its tab. Panels
 * already shown stay mounted (hidden), so going back to one keeps its state and scroll.
 */
export function Tabs<K extends string>(props: {
  label: string;
  tabs: TabDef<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Keys whose panels have been shown at least once (the caller keeps them). */
  mounted: ReadonlySet<K>;
  render: (key: K) => ReactNode;
  /** More classes for the tab list (`no-print`: a printed record shows the selected panel only). */
  listClassName?: string;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const index = props.tabs.findIndex((t) => t.key === props.selected);

  function onKeyDown(event: KeyboardEvent) {
    const last = props.tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    const key = props.tabs[to]!.key;
    props.onSelect(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div className="tabs">
      <div
        role="tablist"
        aria-label={props.label}
        className={props.listClassName ? `tabs-list ${props.listClassName}` : 'tabs-list'}
        onKeyDown={onKeyDown}
      >
        {props.tabs.map((tab) => {
          const selected = tab.key === props.selected;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                if (el) refs.current.set(tab.key, el);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              className="tabs-tab"
              onClick={() => props.onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {props.tabs.map((tab) =>
        tab.key === props.selected || props.mounted.has(tab.key) ? (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${base}-panel-${tab.key}`}
            aria-labelledby={`${base}-tab-${tab.key}`}
            hidden={tab.key !== props.selected}
            className="tabs-panel"
          >
            {props.render(tab.key)}
          </div>
        ) : null,
      )}
    </div>
  );
}
