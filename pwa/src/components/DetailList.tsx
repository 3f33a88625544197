import type { ReactNode } from "react";
import "./DetailList.css";

/** Label/value pairs of a details modal. */
export function DetailList({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="adm-details">
      {items.map(([label, value]) => (
        <div key={label} className="adm-details__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
