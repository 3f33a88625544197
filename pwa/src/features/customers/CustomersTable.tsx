import { byNumber, byText, DataTable, type Column } from "../../components/DataTable.tsx";
import type { Customer } from "./customers.ts";

interface Props {
  customers: readonly Customer[];
  /** Who unsubscribed from the rebook reminder, by customer key (lower-cased e-mail). */
  unsubscribed?: ReadonlyMap<string, string>;
  onView: (customer: Customer) => void;
}

export function CustomersTable({ customers, unsubscribed, onView }: Props) {
  const columns: Column<Customer>[] = [
    {
      key: "name",
      header: "Name",
      cell: (c) => <span className="adm-table__strong">{c.name}</span>,
      compare: byText((c) => c.name),
    },
    {
      key: "email",
      header: "Email",
      cell: (c) => (
        <>
          {c.email}
          {unsubscribed?.has(c.key) && (
            <span className="adm-customer__unsubscribed" title="Takes no yearly rebook reminder">
              Unsubscribed
            </span>
          )}
        </>
      ),
      compare: byText((c) => c.email),
    },
    { key: "phone", header: "Phone", cell: (c) => c.phone, className: "adm-table__nowrap" },
    { key: "address", header: "Address", cell: (c) => c.address },
    {
      key: "bookings",
      header: "Total Bookings",
      cell: (c) => c.bookings.length,
      compare: byNumber((c) => c.bookings.length),
    },
  ];
  return (
    <DataTable
      caption="All customers"
      columns={columns}
      rows={customers}
      rowKey={(c) => c.key}
      empty="No customers yet."
      actions={(c) => (
        <button type="button" className="btn btn-outline adm-btn-small" onClick={() => onView(c)}>
          View Details<span className="visually-hidden"> of {c.name}</span>
        </button>
      )}
    />
  );
}
