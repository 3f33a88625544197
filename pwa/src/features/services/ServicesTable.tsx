import type { Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { byNumber, byText, DataTable, type Column } from "../../components/DataTable.tsx";

interface Props {
  services: readonly Service[];
  busyIds: ReadonlySet<string>;
  onEdit: (service: Service) => void;
  onDelete: (service: Service) => void;
}

const price = (s: Service) => Number(s.price) || 0;

const COLUMNS: Column<Service>[] = [
  {
    key: "title",
    header: "Title",
    cell: (s) => <span className="adm-table__strong">{s.title}</span>,
    compare: byText((s) => s.title),
  },
  { key: "price", header: "Price", cell: (s) => formatMoney(price(s)), compare: byNumber(price) },
  { key: "duration", header: "Duration", cell: (s) => s.duration },
];

export function ServicesTable({ services, busyIds, onEdit, onDelete }: Props) {
  return (
    <DataTable
      caption="All services"
      columns={COLUMNS}
      rows={services}
      rowKey={(s) => s._id}
      empty="No services yet."
      actions={(s) => (
        <div className="adm-row-actions">
          <button type="button" className="btn btn-outline adm-btn-small" onClick={() => onEdit(s)}>
            Edit<span className="visually-hidden"> {s.title}</span>
          </button>
          <button
            type="button"
            className="btn adm-btn-small adm-btn-danger"
            disabled={busyIds.has(s._id)}
            onClick={() => onDelete(s)}
          >
            Delete<span className="visually-hidden"> {s.title}</span>
          </button>
        </div>
      )}
    />
  );
}
