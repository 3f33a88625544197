// First, so that the areas' own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { refreshProfile } from "../../lib/profile.tsx";
import { useStatusChanges } from "../../lib/pwa/hooks.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { LoadState } from "../../components/LoadState.tsx";
import { EstimateApprovals } from "../../features/bookings/EstimateApprovals.tsx";
import { LowRatingNotice } from "../../features/bookings/LowRatingNotice.tsx";
import { PendingChanges } from "../../features/bookings/PendingChanges.tsx";
import { useBookingActions } from "../../features/bookings/useBookingActions.ts";
import { useTechnicians } from "../../features/bookings/useTechnicians.ts";
import { groupCustomers } from "../../features/customers/customers.ts";
import { useUnsubscribed } from "../../features/customers/useUnsubscribed.ts";
import { useContactMessages } from "../../features/messages/useContactMessages.ts";
import { useServiceActions } from "../../features/services/useServiceActions.ts";
import { DashboardHeader } from "./DashboardHeader.tsx";
import { DashboardModals, type Opened } from "./DashboardModals.tsx";
import { DashboardPanel } from "./DashboardPanel.tsx";
import { TABS, toTab, type TabKey } from "./dashboardTabs.ts";
import { StatCards } from "./StatCards.tsx";
import { computeStats } from "./stats.ts";
import { useCollected } from "./useCollected.ts";
import { panelId, tabId, Tabs } from "./Tabs.tsx";
import { useDashboardData } from "./useDashboardData.ts";
import "./dashboard.css";

const ID = "dashboard";
// SPEC §8: a failed load only ends the loading state (useDashboardData shows what it has), so only this one is said.
const LOADING = { state: "loading" } as const;

/** /dashboard: the office's bookings, schedule, services, customers, messages and staff, kept current live. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The tab lives in the URL, so coming back from the edit screen lands where the person was.
  const tab = toTab(params.get("tab"));
  const contact = useContactMessages();
  const { loading, bookings, dispatch, services, setServices, offlineSince } = useDashboardData();
  // The owner saved Settings on another tablet: this dashboard's hours and rules follow at once.
  useSocketEvent("settingsChanged", () => void refreshProfile());
  const bookingActions = useBookingActions(dispatch);
  const serviceActions = useServiceActions(setServices);
  const stats = useMemo(() => computeStats(bookings), [bookings]);
  const statusChanges = useStatusChanges();
  const queuedStatus = useMemo(
    () => new Map(statusChanges.filter((c) => c.state === "pending").map((c) => [c.bookingId, c.status])),
    [statusChanges],
  );
  const customers = useMemo(() => groupCustomers(bookings), [bookings]);
  const unsubscribed = useUnsubscribed(tab === "customers");
  // A notification's tap opens /dashboard?booking={id}: that booking's details.
  const [opened, setOpened] = useState<Opened>(() => {
    const id = params.get("booking");
    return id ? { kind: "booking", id } : null;
  });
  const [addingStaff, setAddingStaff] = useState(false);
  const technicians = useTechnicians();
  const collected = useCollected();

  if (loading) {
    return (
      <div className="adm adm-dashboard">
        <LoadState load={LOADING} loading="Loading Dashboard..." failed={null} />
      </div>
    );
  }

  const showTab = (key: TabKey, replace = false) => setParams({ tab: key }, { replace });
  // Other parameters (the Schedule's day) stay, so coming back to a tab finds it as it was.
  const chooseTab = (key: TabKey) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === "overview") next.delete("tab");
        else next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  const close = () => {
    setOpened(null);
    if (params.has("booking")) {
      const next = new URLSearchParams(params);
      next.delete("booking");
      setParams(next, { replace: true });
    }
  };
  const openMessage = (message: ContactMessage) => {
    setOpened({ kind: "message", id: message._id });
    void contact.setRead(message, true);
  };
  const tabs = TABS.map((t) => (t.key === "messages" ? { ...t, count: contact.unread, countLabel: "unread" } : t));

  return (
    <div className="adm adm-dashboard">
      <DashboardHeader />
      <div className="adm-dashboard__nav">
        <Tabs tabs={tabs} active={tab} idPrefix={ID} label="Dashboard sections" onChange={chooseTab} />
      </div>
      <PendingChanges bookings={bookings} offlineSince={offlineSince} />
      <EstimateApprovals onView={(id) => setOpened({ kind: "booking", id })} />
      <LowRatingNotice onOpen={(id) => setOpened({ kind: "booking", id })} />
      <StatCards stats={stats} collectedCents={collected} />

      <section
        className="adm-dashboard__panel"
        role="tabpanel"
        id={panelId(ID, tab)}
        aria-labelledby={tabId(ID, tab)}
        tabIndex={0}
      >
        <DashboardPanel
          tab={tab}
          bookings={bookings}
          services={services}
          table={{
            services,
            busyIds: bookingActions.busyIds,
            queuedStatus,
            onView: (b: Booking) => setOpened({ kind: "booking", id: b._id }),
            onEdit: (b: Booking) =>
              navigate(`/admin/bookings/edit/${encodeURIComponent(b._id)}`, {
                state: { from: tab === "overview" ? "/dashboard" : `/dashboard?tab=${tab}` },
              }),
            onDelete: bookingActions.onDelete,
            onStatusChange: bookingActions.onStatusChange,
          }}
          serviceBusyIds={serviceActions.busyIds}
          customers={customers}
          unsubscribed={unsubscribed}
          messages={contact.messages}
          messagesStatus={contact.status}
          addingStaff={addingStaff}
          onAddingStaffChange={setAddingStaff}
          onShowTab={showTab}
          onAddService={() => setOpened({ kind: "service" })}
          onEditService={(service) => setOpened({ kind: "service", service })}
          onDeleteService={serviceActions.onDelete}
          onViewCustomer={(c) => setOpened({ kind: "customer", key: c.key })}
          onOpenMessage={openMessage}
        />
      </section>

      <DashboardModals
        opened={opened}
        onClose={close}
        bookings={bookings}
        services={services}
        customers={customers}
        unsubscribed={unsubscribed}
        messages={contact.messages}
        technicians={technicians}
        onAssigned={(booking) => dispatch({ type: "bookingUpdated", booking })}
        onServiceSaved={serviceActions.onSaved}
        onToggleRead={(message) => void contact.setRead(message, !message.read)}
      />
    </div>
  );
}
