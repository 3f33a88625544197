import type { Customer } from "./customers.ts";

interface Props {
  customers: readonly Customer[];
  /** Who unsubscribed from the rebook reminder, by customer key (lower-cased e-mail). */
  unsubscribed?: ReadonlyMap<string, string>;
  onView: (customer: Customer) => void;
}

export function CustomersTable({ customers, unsubscribed, onView }: Props) {
  if (customers.length === 0) return <p className="adm-empty">No customers yet.</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="visually-hidden">All customers</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Address</th>
            <th scope="col">Total Bookings</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr key={c.key}>
              <td data-label="Name">
                <span className="adm-table__strong">{c.name}</span>
              </td>
              <td data-label="Email">
                {c.email}
                {unsubscribed?.has(c.key) && (
                  <span className="adm-customer__unsubscribed" title="Takes no yearly rebook reminder">
                    Unsubscribed
                  </span>
                )}
              </td>
              <td data-label="Phone" className="adm-table__nowrap">
                {c.phone}
              </td>
              <td data-label="Address">{c.address}</td>
              <td data-label="Total Bookings">{c.bookings.length}</td>
              <td data-label="Actions">
                <button type="button" className="btn btn-outline adm-btn-small" onClick={() => onView(c)}>
                  View Details<span className="visually-hidden"> of {c.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
