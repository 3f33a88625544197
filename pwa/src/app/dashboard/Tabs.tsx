import { useRef, type KeyboardEvent } from "react";

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A count shown beside the label (e.g. unread messages), read out as "{count} {countLabel}". */
  count?: number;
  countLabel?: string;
}

interface TabsProps<K extends string> {
  tabs: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  idPrefix: string;
}

export function tabId(prefix: string, key: string): string {
  return `${prefix}-tab-${key}`;
}

export function panelId(prefix: string, key: string): string {
  return `${prefix}-panel-${key}`;
}

/** WAI-ARIA tabs with a roving tabindex: arrows, Home and End move and select (automatic activation). */
export function Tabs<K extends string>({ tabs, active, onChange, label, idPrefix }: TabsProps<K>) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.key === active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  }

  return (
    <div className="adm-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.key)}
            tabIndex={selected ? 0 : -1}
            className="adm-tabs__tab"
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
            {tab.count ? (
              <span className="adm-tabs__count">
                {tab.count}
                <span className="visually-hidden"> {tab.countLabel}</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
