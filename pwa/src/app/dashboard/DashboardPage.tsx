// First, so that the areas' own styles come after the shared ones they build on.
import "../../styles/staff.css";
import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { refreshProfile } from "../../lib/profile.tsx";
import { useStatusChanges } from "../../lib/pwa/hooks.ts";
import { useSocketEvent } from "../../lib/socketEvents.ts";
import { getUser } from "../../lib/session.ts";
import { BookingDetailsModal } from "../../features/bookings/BookingDetailsModal.tsx";
import { BookingsTable } from "../../features/bookings/BookingsTable.tsx";
import { CustomerDetailsModal } from "../../features/customers/CustomerDetailsModal.tsx";
import { CustomersTable } from "../../features/customers/CustomersTable.tsx";
import { groupCustomers } from "../../features/customers/customers.ts";
import { useUnsubscribed } from "../../features/customers/useUnsubscribed.ts";
import { LiveBadge } from "../../components/LiveBadge.tsx";
import { NotificationsButton } from "../../components/NotificationsButton.tsx";
import { MessageModal } from "../../features/messages/MessageModal.tsx";
import { MessagesList } from "../../features/messages/MessagesList.tsx";
import { PendingChanges } from "../../features/bookings/PendingChanges.tsx";
import { QuickActions } from "./QuickActions.tsx";
import { ServiceFormModal } from "../../features/services/ServiceFormModal.tsx";
import { ServicesTable } from "../../features/services/ServicesTable.tsx";
import { StaffPanel } from "../../features/staff/StaffPanel.tsx";
import { SchedulePanel } from "../../features/bookings/schedule/SchedulePanel.tsx";
import { useTechnicians } from "../../features/bookings/useTechnicians.ts";
import { StatCards } from "./StatCards.tsx";
import { computeStats } from "./stats.ts";
import { panelId, tabId, Tabs } from "./Tabs.tsx";
import { useBookingActions } from "../../features/bookings/useBookingActions.ts";
import { useContactMessages } from "../../features/messages/useContactMessages.ts";
import { useDashboardData } from "./useDashboardData.ts";
import { useLogout } from "../useLogout.ts";
import { useServiceActions } from "../../features/services/useServiceActions.ts";
import "./dashboard.css";

const TABS = [
  { key: "overview", label: "Overview" },
  { key: "bookings", label: "Bookings" },
  { key: "schedule", label: "Schedule" },
  { key: "services", label: "Services" },
  { key: "customers", label: "Customers" },
  { key: "messages", label: "Messages" },
  { key: "staff", label: "Staff" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

const RECENT_COUNT = 5;
const ID = "dashboard";

function toTab(value: string | null): TabKey {
  return TABS.find((t) => t.key === value)?.key ?? "overview";
}

export default function DashboardPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The tab lives in the URL, so coming back from the edit screen lands where the person was.
  const tab = toTab(params.get("tab"));
  const contact = useContactMessages();
  const { loading, bookings, dispatch, services, setServices, offlineSince } = useDashboardData();
  // The owner saved Settings on another tablet: this dashboard's top bar, hours and rules follow at once.
  useSocketEvent("settingsChanged", () => void refreshProfile());
  const bookingActions = useBookingActions(dispatch);
  const serviceActions = useServiceActions(setServices);
  const { logout, busy: loggingOut } = useLogout();
  const stats = useMemo(() => computeStats(bookings), [bookings]);
  const statusChanges = useStatusChanges();
  const queuedStatus = useMemo(
    () => new Map(statusChanges.filter((c) => c.state === "pending").map((c) => [c.bookingId, c.status])),
    [statusChanges],
  );
  const customers = useMemo(() => groupCustomers(bookings), [bookings]);
  const unsubscribed = useUnsubscribed(tab === "customers");
  // Ids, not copies, so an open modal follows live changes and closes when its subject is deleted.
  // A notification's tap opens /dashboard?booking={id} (issue 19): that booking's details.
  const [viewingId, setViewingId] = useState<string | null>(() => params.get("booking"));
  const [customerKey, setCustomerKey] = useState<string | null>(null);
  const [serviceForm, setServiceForm] = useState<{ service?: Service } | null>(null);
  const [messageId, setMessageId] = useState<string | null>(null);
  const [addingStaff, setAddingStaff] = useState(false);
  const technicians = useTechnicians();
  const openMessage = contact.messages.find((m) => m._id === messageId);
  const viewing = bookings.find((b) => b._id === viewingId);
  const customer = customers.find((c) => c.key === customerKey);
  const name = getUser()?.name;

  if (loading) {
    return (
      <div className="adm adm-dashboard adm-dashboard--loading" role="status" aria-live="polite">
        <span className="adm-spinner" aria-hidden="true" />
        Loading Dashboard...
      </div>
    );
  }

  function readMessage(message: ContactMessage) {
    setMessageId(message._id);
    void contact.setRead(message, true);
  }

  const tabs = TABS.map((t) => (t.key === "messages" ? { ...t, count: contact.unread, countLabel: "unread" } : t));

  const tableProps = {
    services,
    busyIds: bookingActions.busyIds,
    queuedStatus,
    onView: (b: Booking) => setViewingId(b._id),
    onEdit: (b: Booking) =>
      navigate(`/admin/bookings/edit/${encodeURIComponent(b._id)}`, {
        state: { from: tab === "overview" ? "/dashboard" : `/dashboard?tab=${tab}` },
      }),
    onDelete: bookingActions.onDelete,
    onStatusChange: bookingActions.onStatusChange,
  };

  return (
    <div className="adm adm-dashboard">
      <header className="adm-dashboard__header">
        <div>
          <h1 className="adm-dashboard__title">Admin Dashboard</h1>
          <p className="adm-dashboard__welcome">Welcome back{name ? `, ${name}` : ""}</p>
        </div>
        <div className="adm-dashboard__session">
          <LiveBadge />
          <NotificationsButton />
          <button
            type="button"
            className="btn btn-outline adm-dashboard__logout"
            disabled={loggingOut}
            onClick={() => void logout()}
          >
            {loggingOut ? "Logging out..." : "Logout"}
          </button>
        </div>
      </header>

      <div className="adm-dashboard__nav">
        <Tabs
          tabs={tabs}
          active={tab}
          idPrefix={ID}
          label="Dashboard sections"
          onChange={(key) =>
            // Other parameters (the Schedule's day) stay, so coming back to a tab finds it as it was.
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (key === "overview") next.delete("tab");
                else next.set("tab", key);
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>

      <PendingChanges bookings={bookings} offlineSince={offlineSince} />

      <StatCards stats={stats} />

      <section
        className="adm-dashboard__panel"
        role="tabpanel"
        id={panelId(ID, tab)}
        aria-labelledby={tabId(ID, tab)}
        tabIndex={0}
      >
        {tab === "overview" && (
          <div className="adm-overview">
            <section className="adm-panel" aria-labelledby="recent-title">
              <div className="adm-panel__head">
                <h2 id="recent-title" className="adm-panel__title">
                  Recent Bookings
                </h2>
                {bookings.length > RECENT_COUNT && (
                  <button type="button" className="btn adm-btn-link" onClick={() => setParams({ tab: "bookings" })}>
                    View all {bookings.length}
                  </button>
                )}
              </div>
              <BookingsTable caption="Recent bookings" bookings={bookings.slice(0, RECENT_COUNT)} {...tableProps} />
            </section>
            <QuickActions
              onAddService={() => setServiceForm({})}
              onAddStaff={() => {
                setAddingStaff(true);
                setParams({ tab: "staff" }, { replace: true });
              }}
            />
          </div>
        )}

        {tab === "bookings" && (
          <section className="adm-panel" aria-labelledby="all-bookings-title">
            <h2 id="all-bookings-title" className="adm-panel__title">
              All Bookings
            </h2>
            <BookingsTable caption="All bookings" bookings={bookings} {...tableProps} />
          </section>
        )}

        {tab === "services" && (
          <section className="adm-panel" aria-labelledby="all-services-title">
            <div className="adm-panel__head">
              <h2 id="all-services-title" className="adm-panel__title">
                All Services
              </h2>
              <button type="button" className="btn btn-primary" onClick={() => setServiceForm({})}>
                Add New Service
              </button>
            </div>
            <ServicesTable
              services={services}
              busyIds={serviceActions.busyIds}
              onEdit={(service) => setServiceForm({ service })}
              onDelete={serviceActions.onDelete}
            />
          </section>
        )}

        {tab === "customers" && (
          <section className="adm-panel" aria-labelledby="all-customers-title">
            <h2 id="all-customers-title" className="adm-panel__title">
              All Customers
            </h2>
            <CustomersTable customers={customers} unsubscribed={unsubscribed} onView={(c) => setCustomerKey(c.key)} />
          </section>
        )}

        {tab === "schedule" && <SchedulePanel serviceTitle={(id) => services.find((s) => s._id === id)?.title ?? id} />}

        {tab === "staff" && <StaffPanel adding={addingStaff} onAddingChange={setAddingStaff} />}

        {tab === "messages" && (
          <section className="adm-panel" aria-labelledby="messages-title">
            <h2 id="messages-title" className="adm-panel__title">
              Messages
            </h2>
            <MessagesList messages={contact.messages} status={contact.status} onOpen={readMessage} />
          </section>
        )}
      </section>

      {viewing && (
        <BookingDetailsModal
          booking={viewing}
          services={services}
          technicians={technicians}
          onAssigned={(booking) => dispatch({ type: "bookingUpdated", booking })}
          onClose={() => {
            setViewingId(null);
            if (params.has("booking")) {
              const next = new URLSearchParams(params);
              next.delete("booking");
              setParams(next, { replace: true });
            }
          }}
        />
      )}
      {customer && (
        <CustomerDetailsModal
          customer={customer}
          unsubscribedAt={unsubscribed.get(customer.key)}
          services={services}
          onClose={() => setCustomerKey(null)}
        />
      )}
      {openMessage && (
        <MessageModal
          message={openMessage}
          onToggleRead={() => void contact.setRead(openMessage, !openMessage.read)}
          onClose={() => setMessageId(null)}
        />
      )}
      {serviceForm && (
        <ServiceFormModal
          service={serviceForm.service}
          onSaved={serviceActions.onSaved}
          onClose={() => setServiceForm(null)}
        />
      )}
    </div>
  );
}
