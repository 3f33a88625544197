import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { BookingSort } from "@contracts/bookings/booking.ts";
import { useState } from "react";
import type { SortState } from "../../components/DataTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { Panel } from "../../components/Panel.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { BookingFiltersBar } from "../../features/bookings/BookingFiltersBar.tsx";
import { DEFAULT_SORT, filtersOf, isFiltered, matchesFilters } from "../../features/bookings/bookingFilters.ts";
import { BookingsTable } from "../../features/bookings/BookingsTable.tsx";
import { offlineView } from "../../features/bookings/offlineView.ts";
import { PendingChanges } from "../../features/bookings/PendingChanges.tsx";
import { useLiveBookings } from "../../features/bookings/useLiveBookings.ts";
import { useTechnicians } from "../../features/bookings/useTechnicians.ts";
import { formatDate } from "../../lib/format.ts";
import { NetworkError } from "../../lib/http.ts";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { listQuery, usePagedList } from "../../lib/usePagedList.ts";
import { useQueryParams } from "../../lib/useQueryParams.ts";
import { FreshLine } from "./FreshLine.tsx";
import { useBookingTable } from "./useBookingTable.tsx";
import { useOfflineWindow } from "./useOfflineWindow.ts";
import "./dashboard.css";

/** Rows a page of the device's copy shows at a time, as a page of the server's. */
const PAGE = 50;

/** A sortable column's orders: the first click, then the other way. */
const COLUMN_SORTS: Record<string, [BookingSort, BookingSort]> = {
  customer: ["name", "name"],
  when: ["date", "-date"],
  amount: ["-amount", "amount"],
};

/** The order the table's headers show for a sort of the list. */
function sortState(sort: BookingSort): SortState | null {
  const key = Object.keys(COLUMN_SORTS).find((k) => COLUMN_SORTS[k]!.includes(sort));
  return key ? { key, direction: sort.startsWith("-") ? "descending" : "ascending" } : null;
}

const noCopy = () => Promise.resolve(null);

/**
 * /dashboard/bookings: SPEC's 'All Bookings', a page of 50 at a time from the server, with its search, filters and
 * order in the URL (Back, a reload or a pasted link show the same view). Live changes patch the rows on screen;
 * bookings new to the view wait behind "N new — show". Offline it shows the device's window of bookings.
 */
export default function BookingsPage() {
  const [params, change] = useQueryParams();
  const filters = filtersOf(params);
  const { sort } = filters;
  const query = listQuery({ ...filters, sort: sort === DEFAULT_SORT ? null : sort });
  const list = usePagedList<Booking>("/api/bookings", query);
  const technicians = useTechnicians();
  useOfflineWindow();

  const offline = list.state === "failed" && list.error instanceof NetworkError;
  const copy = useLoad(offline ? loadAdminSnapshot : noCopy);
  const local = offline && copy.state === "ready" && copy.data ? offlineView(copy.data, filters) : null;
  // The device's rows shown so far, for this view: another view starts again at the first 50.
  const [paged, setPaged] = useState({ query, shown: PAGE });
  const localShown = paged.query === query ? paged.shown : PAGE;

  const { table, details, services } = useBookingTable(list);
  const live = useLiveBookings(
    { rows: list.rows, ready: list.state === "ready", update: list.update, refresh: list.refresh },
    (b) => matchesFilters(b, filters),
  );

  const onSort = (key: string) => {
    const [first, second] = COLUMN_SORTS[key]!;
    const next = sort === first ? second : first;
    change({ sort: next === DEFAULT_SORT ? null : next });
  };

  const rows = local ? local.rows.slice(0, localShown) : list.rows;
  const empty = isFiltered(filters) ? "No bookings match this view." : "No bookings yet.";
  const body = (
    <>
      <FreshLine count={live.fresh} onShow={live.showFresh} />
      <BookingsTable
        caption="All bookings"
        bookings={rows}
        sort={sortState(sort)}
        onSort={onSort}
        empty={empty}
        {...table}
      />
      {local ? (
        <ShowMore
          shown={rows.length}
          total={local.rows.length}
          hasMore={rows.length < local.rows.length}
          loadingMore={false}
          onMore={() => setPaged({ query, shown: localShown + PAGE })}
          noun="bookings on this device"
        />
      ) : (
        <ShowMore
          shown={list.rows.length}
          total={list.total}
          totalIsAtLeast={list.totalIsAtLeast}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onMore={list.loadMore}
          noun="bookings"
        />
      )}
    </>
  );

  return (
    <div className="adm adm-dashboard">
      <PageHeader title="Bookings" />
      <PendingChanges
        bookings={rows}
        offlineSince={offline && copy.state === "ready" ? (copy.data?.syncedAt ?? null) : null}
      />
      <Panel id="all-bookings-title" title="All Bookings">
        <BookingFiltersBar filters={filters} services={services} technicians={technicians} onChange={change} />
        {local ? (
          <>
            <p className="banner adm-offline-window" role="status">
              {local.window
                ? `This device keeps the bookings from ${formatDate(local.window.from)} to ${formatDate(local.window.to)}. `
                : ""}
              {local.beyond && (
                <>
                  {local.beyond} <strong>This is available online.</strong>
                </>
              )}
            </p>
            {body}
          </>
        ) : offline && copy.state === "ready" && !copy.data ? (
          <p className="banner adm-offline-window" role="status">
            No bookings are kept on this device yet. <strong>This is available online.</strong>
          </p>
        ) : (
          <LoadState
            load={
              list.state === "ready"
                ? { state: "ready", data: null }
                : list.state === "failed" && !offline
                  ? { state: "failed", error: list.error }
                  : { state: "loading" }
            }
            loading="Loading bookings..."
            failed="The bookings could not be loaded."
            onRetry={list.reload}
          >
            {() => body}
          </LoadState>
        )}
      </Panel>
      {details}
    </div>
  );
}
