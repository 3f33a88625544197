// First, so that the areas' own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import { formatTotal } from "@contracts/common/counts.ts";
import { Suspense, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { Panel } from "../../components/Panel.tsx";
import { BookingsTable } from "../../features/bookings/BookingsTable.tsx";
import { EstimateApprovals } from "../../features/bookings/EstimateApprovals.tsx";
import { applyChange } from "../../features/bookings/liveRows.ts";
import { LowRatingNotice } from "../../features/bookings/LowRatingNotice.tsx";
import { PendingChanges } from "../../features/bookings/PendingChanges.tsx";
import { ServiceFormDialog } from "../../features/services/ServiceFormDialog.tsx";
import { NetworkError } from "../../lib/http.ts";
import { loadAdminSnapshot } from "../../lib/offline-queue/adminSnapshot.ts";
import { refreshProfile } from "../../lib/profile.tsx";
import { refreshServices } from "../../lib/services.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { usePagedList } from "../../lib/usePagedList.ts";
import { DashboardHeader } from "./DashboardHeader.tsx";
import { QuickActions } from "./QuickActions.tsx";
import { StatCards } from "./StatCards.tsx";
import { useBookingTable } from "./useBookingTable.tsx";
import { RECENT_COUNT, RECENT_PATH, RECENT_QUERY } from "./overviewReads.ts";
import { useOfflineWindow } from "./useOfflineWindow.ts";
import { summaryTiming, useSettled, useSummary } from "./useSummary.ts";
import "./dashboard.css";

// SPEC §8: a failed load only ends the loading state, so only this one is said.
const LOADING = { state: "loading" } as const;

/** The areas the dashboard's old tabs (?tab=) named, now each at its own address. */
const OLD_TABS = new Set(["bookings", "schedule", "services", "customers", "messages", "staff"]);

/** /dashboard: the office's figures, the latest bookings and the quick actions, kept current live. */
export default function DashboardPage() {
  const [params] = useSearchParams();
  const tab = params.get("tab");
  // A link or bookmark from before every area had its address: the same view at the new one.
  if (tab !== null) {
    const rest = new URLSearchParams(params);
    rest.delete("tab");
    const query = rest.toString();
    const to = OLD_TABS.has(tab) ? `/dashboard/${tab}` : "/dashboard";
    return <Navigate replace to={query ? `${to}?${query}` : to} />;
  }
  return <Overview openId={params.get("booking")} />;
}

function Overview({ openId }: { openId: string | null }) {
  const navigate = useNavigate();
  const summary = useSummary();
  const recent = usePagedList<Booking>(RECENT_PATH, RECENT_QUERY);
  // A notification's tap opens /dashboard?booking={id}: that booking's details, wherever it is in the list.
  const { table, details, openById } = useBookingTable(recent, openId);
  const [addingService, setAddingService] = useState(false);
  useOfflineWindow(summary.state === "ready" ? summary.data : summary.state === "failed" ? undefined : null);
  // The owner saved Settings on another tablet: this dashboard's hours and rules follow at once.
  useSocketEvent("settingsChanged", () => void refreshProfile());

  // The latest five are a feed: a change patches its row at once, a new booking enters on top (SPEC §4), read again
  // once a burst of events has settled.
  const readRecent = useSettled(recent.refresh, () => summaryTiming.settleMs);
  useSocketEvent("newBooking", readRecent);
  useSocketEvent("bookingUpdated", (booking) =>
    recent.update((rows) => applyChange(rows, { type: "updated", booking })),
  );
  useSocketEvent("bookingDeleted", (payload) => {
    recent.update((rows) => applyChange(rows, { type: "deleted", payload }));
    readRecent();
  });
  useSocketEvent("connect", readRecent);

  // Without a connection the overview shows the device's copy: its figures and its latest bookings.
  const offline = recent.state === "failed" && recent.error instanceof NetworkError;
  const copy = useLoad(offline ? loadAdminSnapshot : noCopy);
  const snapshot = copy.state === "ready" ? copy.data : null;

  const settled = (recent.state !== "loading" && summary.state !== "loading") || (offline && copy.state !== "loading");
  if (!settled) {
    return (
      <div className="adm adm-dashboard">
        <LoadState load={LOADING} loading="Loading Dashboard..." failed={null} />
      </div>
    );
  }

  const rows = offline && snapshot ? latestOf(snapshot.bookings) : recent.rows;
  const figures = summary.state === "ready" ? summary.data : (snapshot?.summary ?? null);
  return (
    <div className="adm adm-dashboard">
      <DashboardHeader />
      <PendingChanges bookings={rows} offlineSince={offline ? (snapshot?.syncedAt ?? null) : null} />
      <EstimateApprovals onView={openById} />
      <LowRatingNotice onOpen={openById} />
      <StatCards summary={figures} />
      <div className="adm-overview">
        <Panel
          id="recent-title"
          title="Recent Bookings"
          actions={
            recent.total > RECENT_COUNT && (
              <Link className="btn adm-btn-link" to="/dashboard/bookings">
                View all {formatTotal(recent.total, recent.totalIsAtLeast)}
              </Link>
            )
          }
        >
          <BookingsTable caption="Recent bookings" bookings={rows} {...table} />
        </Panel>
        <QuickActions
          onAddService={() => setAddingService(true)}
          onAddStaff={() => navigate("/dashboard/staff", { state: { adding: true } })}
        />
      </div>
      {details}
      {addingService && (
        <Suspense fallback={null}>
          <ServiceFormDialog onSaved={() => refreshServices()} onClose={() => setAddingService(false)} />
        </Suspense>
      )}
    </div>
  );
}

const noCopy = () => Promise.resolve(null);

/** The latest bookings of the device's copy, as the server lists them online. */
function latestOf(bookings: readonly Booking[]): Booking[] {
  return [...bookings].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_COUNT);
}
