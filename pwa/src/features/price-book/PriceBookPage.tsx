// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { formatMoney } from "@contracts/common/money.ts";
import { centsToDollars } from "@contracts/money/amounts.ts";
import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { useState } from "react";
import { byNumber, byText, DataTable, type Column } from "../../components/DataTable.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { failureText } from "../../lib/http.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchPriceBook, setItemActive } from "./api.ts";
import { PriceBookFormModal } from "./PriceBookFormModal.tsx";
import "../../components/StatusBadge.css";
import "./PriceBookPage.css";

const COLUMNS: Column<PriceBookItem>[] = [
  {
    key: "name",
    header: "Item",
    cell: (item) => (
      <span className="price-book__item">
        <span className="adm-table__strong">{item.name}</span>
        {item.description && <span className="price-book__description">{item.description}</span>}
      </span>
    ),
    compare: byText((item) => item.name),
  },
  {
    key: "price",
    header: "Unit price",
    cell: (item) => (
      <span className="price-book__price">
        {formatMoney(centsToDollars(item.unitPriceCents))}
        <span className="price-book__unit"> / {item.unitLabel}</span>
      </span>
    ),
    compare: byNumber((item) => item.unitPriceCents),
    className: "price-book__money",
  },
  { key: "taxable", header: "Tax", cell: (item) => (item.taxable ? "Taxable" : "Not taxed") },
  {
    key: "active",
    header: "Status",
    cell: (item) =>
      item.active ? (
        <span className="adm-badge adm-badge--confirmed">Active</span>
      ) : (
        <span className="adm-badge adm-badge--cancelled">Archived</span>
      ),
    compare: byNumber((item) => (item.active ? 0 : 1)),
  },
];

/** Active items first, then by name, as the server lists them; kept so after a save. */
const ordered = (items: PriceBookItem[]) =>
  [...items].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, "en-US"));

/**
 * /dashboard/price-book: the work beyond the bookable services that technicians price on site. Admins add and edit
 * items; an item is archived rather than removed, so the estimates that used it keep their meaning.
 */
export default function PriceBookPage() {
  const book = useLoad(fetchPriceBook);
  const [editing, setEditing] = useState<PriceBookItem | "new" | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const saved = (item: PriceBookItem, text: string) => {
    book.update((items) => ordered([...items.filter((i) => i._id !== item._id), item]));
    setNotice({ ok: true, text });
  };

  const toggle = async (item: PriceBookItem) => {
    setBusy(item._id);
    setNotice(null);
    try {
      const next = await setItemActive(item, !item.active);
      saved(next, next.active ? `${next.name} is offered again.` : `${next.name} is archived.`);
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "The item could not be changed." }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="adm adm-dashboard price-book">
      <PageHeader
        title="Price Book"
        lead="Extra work technicians can price on site, beyond the bookable services."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
            Add Item
          </button>
        }
      />
      <div role="status" aria-live="polite">
        {notice && <p className={notice.ok ? "banner banner-success" : "banner banner-error"}>{notice.text}</p>}
      </div>
      <LoadState
        load={book}
        loading="Loading the price book..."
        failed="The price book could not be loaded. Check the connection and try again."
        onRetry={book.reload}
      >
        {(items) => (
          <DataTable
            caption="Price book items"
            className="price-book__table"
            columns={COLUMNS}
            rows={items}
            rowKey={(item) => item._id}
            empty="No items yet. Add the work your technicians price most often."
            busy={(item) => busy === item._id}
            actions={(item) => (
              <div className="adm-row-actions">
                <button type="button" className="btn btn-outline adm-btn-small" onClick={() => setEditing(item)}>
                  Edit<span className="visually-hidden"> {item.name}</span>
                </button>
                <button
                  type="button"
                  className={item.active ? "btn adm-btn-small adm-btn-danger" : "btn btn-outline adm-btn-small"}
                  disabled={busy === item._id}
                  onClick={() => void toggle(item)}
                >
                  {item.active ? "Archive" : "Restore"}
                  <span className="visually-hidden"> {item.name}</span>
                </button>
              </div>
            )}
          />
        )}
      </LoadState>
      {editing && (
        <PriceBookFormModal
          item={editing === "new" ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(item) => {
            saved(item, editing === "new" ? `${item.name} was added.` : `${item.name} was saved.`);
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
