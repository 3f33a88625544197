import { useState, type ReactNode } from "react";

export interface Column<T> {
  /** Names the column among the others (its sort state). */
  key: string;
  /** The header's text; on phones, where each row stands as a card, also the label before each cell. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the header a button that orders the rows by this comparison (ascending), and back. */
  compare?: (a: T, b: T) => number;
  /** With a table the server sorts (`onSort`): the header is a button that asks for this column's order. */
  sortable?: boolean;
  /** A class for the column's cells. */
  className?: string;
}

export type Direction = "ascending" | "descending";

/** The column a table is ordered by, and which way. */
export interface SortState {
  key: string;
  direction: Direction;
}

interface DataTableProps<T> {
  /** The table's accessible name (a caption only screen readers read). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Said instead of the table when there are no rows. */
  empty: ReactNode;
  /** The row's buttons, in a last column "Actions". */
  actions?: (row: T) => ReactNode;
  /** A row with a write in flight (its controls wait). */
  busy?: (row: T) => boolean;
  className?: string;
  /**
   * A table whose rows the server orders: the order shown (`sort`) and the request for another (`onSort`, with the
   * column's key). Without them, the table orders the rows it was given by the columns' `compare`.
   */
  sort?: SortState | null;
  onSort?: (key: string) => void;
}

/** Two small arrows beside a sortable header; the one of the current order stands out. */
function SortMark({ direction }: { direction: Direction | undefined }) {
  return (
    <svg className="adm-table__sort-mark" viewBox="0 0 10 14" width="10" height="14" aria-hidden="true">
      <path d="M5 1 9 6H1z" opacity={direction === "descending" ? 0.25 : 1} />
      <path d="M5 13 1 8h8z" opacity={direction === "ascending" ? 0.25 : 1} />
    </svg>
  );
}

/**
 * The staff screens' table: a column per field, the row's actions last; a header that can sort says so with
 * aria-sort and is a button; on phones each row stands as a card, its cells labelled with their headers. Rows come
 * in the order given until someone sorts them.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  actions,
  busy,
  className,
  sort: serverSort,
  onSort,
}: DataTableProps<T>) {
  const [ownSort, setOwnSort] = useState<SortState | null>(null);
  if (rows.length === 0) return <p className="adm-empty">{empty}</p>;

  const sort = onSort ? (serverSort ?? null) : ownSort;
  const sorting = onSort ? undefined : columns.find((column) => column.key === sort?.key)?.compare;
  const sign = sort?.direction === "descending" ? -1 : 1;
  const shown = sorting ? [...rows].sort((a, b) => sign * sorting(a, b)) : rows;
  const canSort = (column: Column<T>) => (onSort ? column.sortable === true : column.compare !== undefined);
  const toggle = (key: string) =>
    onSort
      ? onSort(key)
      : setOwnSort((current) => ({
          key,
          direction: current?.key === key && current.direction === "ascending" ? "descending" : "ascending",
        }));

  return (
    <div className="adm-table-wrap">
      <table className={className ? `adm-table ${className}` : "adm-table"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={direction}>
                  {canSort(column) ? (
                    <button type="button" className="adm-table__sort" onClick={() => toggle(column.key)}>
                      {column.header}
                      <SortMark direction={direction} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {actions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)} aria-busy={busy?.(row) || undefined}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.header} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
              {actions && <td data-label="Actions">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Orders rows by a text field, as people read it (case and accents aside). */
export const byText =
  <T,>(text: (row: T) => string) =>
  (a: T, b: T) =>
    text(a).localeCompare(text(b), "en-US", { sensitivity: "base" });

/** Orders rows by a number field. */
export const byNumber =
  <T,>(value: (row: T) => number) =>
  (a: T, b: T) =>
    value(a) - value(b);
