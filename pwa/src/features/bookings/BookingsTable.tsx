import { BOOKING_STATUSES, type Booking, type BookingStatus } from "@contracts/bookings/booking.ts";
import { type Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { capitalize, formatDate, fullName, serviceName } from "../../lib/format.ts";
import { byVisit } from "@contracts/schedule/dates.ts";
import { byNumber, byText, DataTable, type Column, type SortState } from "../../components/DataTable.tsx";
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
  /** Where the server orders the rows: the order shown and the request for another (by column key). */
  sort?: SortState | null;
  onSort?: (key: string) => void;
  /** Said when there are no rows. */
  empty?: string;
}

const ICON_ACTIONS = [
  { icon: "eye", verb: "View", title: "View details", handler: "onView" },
  { icon: "edit", verb: "Edit", title: "Edit booking", handler: "onEdit" },
  { icon: "trash", verb: "Delete", title: "Delete booking", handler: "onDelete" },
] as const;

export function BookingsTable({
  caption,
  bookings,
  services,
  busyIds,
  queuedStatus,
  sort,
  onSort,
  empty = "No bookings yet.",
  ...actions
}: BookingsTableProps) {
  const service = (b: Booking) => serviceName(b.serviceType, services);
  const amount = (b: Booking) => Number(b.estimatedPrice) || 0;
  const columns: Column<Booking>[] = [
    {
      key: "customer",
      header: "Customer",
      cell: (b) => <span className="adm-table__strong">{fullName(b)}</span>,
      compare: byText(fullName),
      sortable: true,
    },
    { key: "service", header: "Service", cell: service, compare: byText(service) },
    {
      key: "when",
      header: "Date & Time",
      cell: (b) => (
        <div>
          <span className="adm-table__line">{formatDate(b.cleaningDate)}</span>
          <span className="adm-table__sub">{b.cleaningTime}</span>
        </div>
      ),
      compare: byVisit,
      sortable: true,
    },
    { key: "amount", header: "Amount", cell: (b) => formatMoney(amount(b)), compare: byNumber(amount), sortable: true },
    {
      key: "status",
      header: "Status",
      cell: (b) => {
        // The badge stays what the server holds; the select shows the change waiting to be sent, so staff see
        // their choice was kept instead of the select jumping back to the old status.
        const queued = queuedStatus?.get(b._id);
        return (
          <>
            <StatusBadge status={b.status} />
            {queued && queued !== b.status && (
              <span className="adm-table__sub adm-table__queued">{capitalize(queued)} when back online</span>
            )}
          </>
        );
      },
      compare: byText((b) => b.status),
    },
  ];

  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={bookings}
      rowKey={(b) => b._id}
      empty={empty}
      sort={sort}
      onSort={onSort}
      busy={(b) => busyIds.has(b._id)}
      actions={(b) => (
        <RowActions booking={b} busy={busyIds.has(b._id)} queued={queuedStatus?.get(b._id)} {...actions} />
      )}
    />
  );
}

/** View, edit and delete as icons, and the status select. */
function RowActions({
  booking: b,
  busy,
  queued,
  ...actions
}: BookingActions & { booking: Booking; busy: boolean; queued: BookingStatus | undefined }) {
  const name = fullName(b);
  return (
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
  );
}
