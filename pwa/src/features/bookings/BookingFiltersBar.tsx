import { BOOKING_STATUSES } from "@contracts/bookings/booking.ts";
import type { BookingSort } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import { useState } from "react";
import { SearchBox } from "../../components/SearchBox.tsx";
import type { QueryChanges } from "../../lib/useQueryParams.ts";
import { capitalize } from "../../lib/format.ts";
import { DEFAULT_SORT, isFiltered, type BookingFilters } from "./bookingFilters.ts";
import "../../components/ListFilters.css";

/** The orders the list offers, in words (GET /api/bookings's sorts). */
export const SORT_LABELS: Record<BookingSort, string> = {
  "-created": "Newest first",
  created: "Oldest first",
  date: "Visit date, soonest first",
  "-date": "Visit date, latest first",
  "-amount": "Amount, highest first",
  amount: "Amount, lowest first",
  name: "Customer, A to Z",
};

interface Props {
  filters: BookingFilters;
  services: readonly Pick<Service, "_id" | "title">[];
  technicians: readonly { _id: string; name: string }[];
  /** A change of the view: a filter (a new history entry) or the search (`replace`). */
  onChange: (changes: QueryChanges, options?: { replace?: boolean }) => void;
}

/** The Bookings screen's search, filters and order; what they say lives in the URL. */
export function BookingFiltersBar({ filters: f, services, technicians, onChange }: Props) {
  const narrowed = [f.status, f.from, f.to, f.technicianId, f.service, f.paid].filter(Boolean).length;
  const [open, setOpen] = useState(narrowed > 0);
  const select = (name: keyof BookingFilters, label: string, options: [string, string][], all: string | null) => (
    <label className="adm-filters__field">
      <span className="adm-filters__label">{label}</span>
      <select className="input" value={f[name]} onChange={(e) => onChange({ [name]: e.target.value })}>
        {all !== null && <option value="">{all}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const date = (name: "from" | "to", label: string) => (
    <label className="adm-filters__field">
      <span className="adm-filters__label">{label}</span>
      <input type="date" className="input" value={f[name]} onChange={(e) => onChange({ [name]: e.target.value })} />
    </label>
  );

  return (
    <div className="adm-filters" role="search" aria-label="Find bookings">
      <div className="adm-filters__top">
        <SearchBox
          label="Search bookings"
          placeholder="Name, e-mail, phone, address or number"
          value={f.q}
          onSearch={(q) => onChange({ q }, { replace: true })}
        />
        {select(
          "sort",
          "Order",
          Object.entries(SORT_LABELS).map(([value, text]) => [value, text]),
          null,
        )}
      </div>
      <button
        type="button"
        className="btn btn-outline adm-filters__toggle"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {narrowed > 0 ? `Filters (${narrowed})` : "Filters"}
      </button>
      <div className={open ? "adm-filters__row is-open" : "adm-filters__row"}>
        {select(
          "status",
          "Status",
          BOOKING_STATUSES.map((s) => [s, capitalize(s)]),
          "Any status",
        )}
        {date("from", "Visits from")}
        {date("to", "Visits to")}
        {select(
          "technicianId",
          "Technician",
          [["unassigned", "Unassigned"], ...technicians.map((t): [string, string] => [t._id, t.name])],
          "Anyone",
        )}
        {select(
          "service",
          "Service",
          services.map((s) => [s._id, s.title]),
          "All services",
        )}
        {select(
          "paid",
          "Payment",
          [
            ["open", "Not paid"],
            ["paid", "Paid"],
          ],
          "Paid or not",
        )}
        {(isFiltered(f) || f.sort !== DEFAULT_SORT) && (
          <button
            type="button"
            className="btn btn-outline adm-filters__clear"
            onClick={() =>
              onChange({
                q: null,
                status: null,
                from: null,
                to: null,
                technicianId: null,
                service: null,
                paid: null,
                sort: null,
              })
            }
          >
            Clear
          </button>
        )}
      </div>
    </div>
  );
}
