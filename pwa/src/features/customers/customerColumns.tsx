import type { CustomerRow } from "@contracts/customers/customer.ts";
import { shortDay } from "@contracts/common/days.ts";
import type { Column } from "../../components/DataTable.tsx";
import { formatPhone } from "../../lib/phone.ts";

/** "12 Elm St, Charlotte, NC 28202" as the street, and the town under it: the table stays narrow. */
function Address({ line }: { line: string }) {
  if (!line) return <span>—</span>;
  const comma = line.indexOf(", ");
  if (comma < 0) return <span>{line}</span>;
  return (
    <span>
      <span className="cust-table__street">{line.slice(0, comma)}</span>
      <span className="adm-table__sub">{line.slice(comma + 2)}</span>
    </span>
  );
}

/** An e-mail that wraps after its "@" rather than inside a word, when the column is narrow. */
function Email({ address }: { address: string }) {
  const at = address.indexOf("@");
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/**
 * The columns of 'All Customers' (SPEC: Name, Email, Phone, Address, Total Bookings) and Last visit beside them. None
 * sorts in the browser: a page holds 50 of many, and the server orders the whole list (the Sort by field). Each cell is
 * one element, so that on a phone it stands beside its label.
 */
export const CUSTOMER_COLUMNS: Column<CustomerRow>[] = [
  {
    key: "name",
    header: "Name",
    cell: (c) => (
      <span>
        <span className="adm-table__strong">{c.name}</span>
        {c.tags.length > 0 && <span className="adm-table__sub">{c.tags.join(", ")}</span>}
      </span>
    ),
  },
  {
    key: "email",
    header: "Email",
    cell: (c) => (
      <span className="cust-table__email">
        {c.emails[0] ? <Email address={c.emails[0]} /> : "—"}
        {c.emails.length > 1 && <span className="adm-table__sub">and {c.emails.length - 1} more</span>}
      </span>
    ),
  },
  {
    key: "phone",
    header: "Phone",
    cell: (c) => (c.phones[0] ? formatPhone(c.phones[0].number) : "—"),
    className: "adm-table__nowrap",
  },
  { key: "address", header: "Address", cell: (c) => <Address line={c.address} /> },
  { key: "bookings", header: "Total Bookings", cell: (c) => c.bookingCount, className: "cust-table__count" },
  {
    key: "lastVisit",
    header: "Last visit",
    cell: (c) => (c.lastVisitDate ? shortDay(c.lastVisitDate) : "None yet"),
    className: "adm-table__nowrap cust-table__last",
  },
];
