import type { Booking } from "@contracts/bookings/booking.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { Service } from "@contracts/services/service.ts";
import type { ComponentProps } from "react";
import { Panel } from "../../components/Panel.tsx";
import { BookingsTable } from "../../features/bookings/BookingsTable.tsx";
import { SchedulePanel } from "../../features/bookings/schedule/SchedulePanel.tsx";
import { CustomersTable } from "../../features/customers/CustomersTable.tsx";
import type { Customer } from "../../features/customers/customers.ts";
import { MessagesList } from "../../features/messages/MessagesList.tsx";
import { ServicesTable } from "../../features/services/ServicesTable.tsx";
import { StaffPanel } from "../../features/staff/StaffPanel.tsx";
import { QuickActions } from "./QuickActions.tsx";
import type { TabKey } from "./dashboardTabs.ts";

const RECENT_COUNT = 5;

type TableProps = Omit<ComponentProps<typeof BookingsTable>, "caption" | "bookings">;

interface Props {
  tab: TabKey;
  bookings: Booking[];
  services: Service[];
  /** What every bookings table shares: services, busy rows, queued statuses and the row actions. */
  table: TableProps;
  serviceBusyIds: ReadonlySet<string>;
  customers: Customer[];
  unsubscribed: ReadonlyMap<string, string>;
  messages: ContactMessage[];
  messagesStatus: ComponentProps<typeof MessagesList>["status"];
  addingStaff: boolean;
  onAddingStaffChange: (adding: boolean) => void;
  /** Opens a tab, as a new entry in the history or (`replace`) in place of this one. */
  onShowTab: (tab: TabKey, replace?: boolean) => void;
  onAddService: () => void;
  onEditService: (service: Service) => void;
  onDeleteService: (service: Service) => void;
  onViewCustomer: (customer: Customer) => void;
  onOpenMessage: (message: ContactMessage) => void;
}

/** What the chosen tab shows. */
export function DashboardPanel(props: Props) {
  const { tab, bookings, services } = props;
  const addService = (
    <button type="button" className="btn btn-primary" onClick={props.onAddService}>
      Add New Service
    </button>
  );
  switch (tab) {
    case "overview":
      return (
        <div className="adm-overview">
          <Panel
            id="recent-title"
            title="Recent Bookings"
            actions={
              bookings.length > RECENT_COUNT && (
                <button type="button" className="btn adm-btn-link" onClick={() => props.onShowTab("bookings")}>
                  View all {bookings.length}
                </button>
              )
            }
          >
            <BookingsTable caption="Recent bookings" bookings={bookings.slice(0, RECENT_COUNT)} {...props.table} />
          </Panel>
          <QuickActions
            onAddService={props.onAddService}
            onAddStaff={() => {
              props.onAddingStaffChange(true);
              props.onShowTab("staff", true);
            }}
          />
        </div>
      );
    case "bookings":
      return (
        <Panel id="all-bookings-title" title="All Bookings">
          <BookingsTable caption="All bookings" bookings={bookings} {...props.table} />
        </Panel>
      );
    case "services":
      return (
        <Panel id="all-services-title" title="All Services" actions={addService}>
          <ServicesTable
            services={services}
            busyIds={props.serviceBusyIds}
            onEdit={props.onEditService}
            onDelete={props.onDeleteService}
          />
        </Panel>
      );
    case "customers":
      return (
        <Panel id="all-customers-title" title="All Customers">
          <CustomersTable customers={props.customers} unsubscribed={props.unsubscribed} onView={props.onViewCustomer} />
        </Panel>
      );
    case "schedule":
      return <SchedulePanel serviceTitle={(id) => services.find((s) => s._id === id)?.title ?? id} />;
    case "staff":
      return <StaffPanel adding={props.addingStaff} onAddingChange={props.onAddingStaffChange} />;
    case "messages":
      return (
        <Panel id="messages-title" title="Messages">
          <MessagesList messages={props.messages} status={props.messagesStatus} onOpen={props.onOpenMessage} />
        </Panel>
      );
  }
}
