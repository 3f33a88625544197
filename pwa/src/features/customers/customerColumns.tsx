import type { CustomerRow } from "@contracts/customers/customer.ts";
import type { Column } from "../../components/DataTable.tsx";
import { formatDate } from "../../lib/format.ts";
import { formatPhone } from "../../lib/phone.ts";

/**
 * The columns of 'All Customers' (SPEC: Name, Email, Phone, Address, Total Bookings) and Last visit beside them. None
 * sorts in the browser: a page holds 50 of many, and the server orders the whole list (the Sort by field).
 */
export const CUSTOMER_COLUMNS: Column<CustomerRow>[] = [
  {
    key: "name",
    header: "Name",
    cell: (c) => (
      <>
        <span className="adm-table__strong">{c.name}</span>
        {c.tags.length > 0 && <span className="adm-table__sub">{c.tags.join(", ")}</span>}
      </>
    ),
  },
  {
    key: "email",
    header: "Email",
    cell: (c) => (
      <>
        {c.emails[0] ?? "—"}
        {c.emails.length > 1 && <span className="adm-table__sub">and {c.emails.length - 1} more</span>}
      </>
    ),
  },
  {
    key: "phone",
    header: "Phone",
    cell: (c) => (c.phones[0] ? formatPhone(c.phones[0].number) : "—"),
    className: "adm-table__nowrap",
  },
  { key: "address", header: "Address", cell: (c) => c.address || "—" },
  { key: "bookings", header: "Total Bookings", cell: (c) => c.bookingCount, className: "cust-table__count" },
  {
    key: "lastVisit",
    header: "Last visit",
    cell: (c) => (c.lastVisitDate ? formatDate(c.lastVisitDate) : "None yet"),
    className: "adm-table__nowrap",
  },
];
