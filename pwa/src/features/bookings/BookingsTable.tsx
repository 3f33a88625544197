import { BOOKING_STATUSES, type Booking, type BookingStatus } from "@contracts/bookings/booking.ts";
import { type Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { capitalize, formatDate, fullName, serviceName } from "../../lib/format.ts";
import { Icon } from "../../components/Icon.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import "./BookingsTable.css";

export interface BookingActions {
  onView: (booking: Booking) => void;
  onEdit: (booking: Booking) => void;
  onDelete: (booking: Booking) => void;
  onStatusChange: (booking: Booking, status: BookingStatus) => void;
}

interface BookingsTableProps extends BookingActions {
  caption: string;
  bookings: readonly Booking[];
  services: readonly Service[];
  /** Bookings with a write in flight: their controls wait for the answer. */
  busyIds: ReadonlySet<string>;
  /** Status changes saved on this device while offline, by booking id, not yet accepted by the server. */
  queuedStatus?: ReadonlyMap<string, BookingStatus>;
}

const ICON_ACTIONS = [
  { icon: "eye", verb: "View", title: "View details", handler: "onView" },
  { icon: "edit", verb: "Edit", title: "Edit booking", handler: "onEdit" },
  { icon: "trash", verb: "Delete", title: "Delete booking", handler: "onDelete" },
] as const;

export function BookingsTable({ caption, bookings, services, busyIds, queuedStatus, ...actions }: BookingsTableProps) {
  if (bookings.length === 0) return <p className="adm-empty">No bookings yet.</p>;
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Service</th>
            <th scope="col">Date &amp; Time</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((b) => {
            const name = fullName(b);
            const busy = busyIds.has(b._id);
            // The badge stays what the server holds; the select shows the change waiting to be sent, so staff
            // see their choice was kept instead of the select jumping back to the old status.
            const queued = queuedStatus?.get(b._id);
            return (
              <tr key={b._id} aria-busy={busy || undefined}>
                <td data-label="Customer">
                  <span className="adm-table__strong">{name}</span>
                </td>
                <td data-label="Service">{serviceName(b.serviceType, services)}</td>
                <td data-label="Date & Time">
                  <div>
                    <span className="adm-table__line">{formatDate(b.cleaningDate)}</span>
                    <span className="adm-table__sub">{b.cleaningTime}</span>
                  </div>
                </td>
                <td data-label="Amount">{formatMoney(Number(b.estimatedPrice) || 0)}</td>
                <td data-label="Status">
                  <StatusBadge status={b.status} />
                  {queued && queued !== b.status && (
                    <span className="adm-table__sub adm-table__queued">{capitalize(queued)} when back online</span>
                  )}
                </td>
                <td data-label="Actions">
                  <div className="adm-row-actions">
                    <span className="adm-row-actions__icons">
                      {ICON_ACTIONS.map(({ icon, verb, title, handler }) => (
                        <button
                          key={icon}
                          type="button"
                          className={icon === "trash" ? "adm-icon-btn adm-icon-btn--danger" : "adm-icon-btn"}
                          title={title}
                          disabled={icon === "trash" && busy}
                          onClick={() => actions[handler](b)}
                        >
                          <Icon name={icon} size={20} />
                          <span className="visually-hidden">
                            {verb} booking of {name}
                          </span>
                        </button>
                      ))}
                    </span>
                    <select
                      className="input adm-row-actions__status"
                      aria-label={`Status of ${name}'s booking`}
                      value={queued ?? b.status}
                      disabled={busy}
                      onChange={(e) => actions.onStatusChange(b, e.target.value as BookingStatus)}
                    >
                      {BOOKING_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {capitalize(s)}
                        </option>
                      ))}
                    </select>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
