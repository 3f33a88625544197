import type { Booking } from "@contracts/bookings/booking.ts";
import type { ContactMessage } from "@contracts/contact/contact.ts";
import type { Service } from "@contracts/services/service.ts";
import type { StaffMember } from "@contracts/staff/staff.ts";
import { BookingDetailsModal } from "../../features/bookings/BookingDetailsModal.tsx";
import { CustomerDetailsModal } from "../../features/customers/CustomerDetailsModal.tsx";
import type { Customer } from "../../features/customers/customers.ts";
import { MessageModal } from "../../features/messages/MessageModal.tsx";
import { ServiceFormModal } from "../../features/services/ServiceFormModal.tsx";

/**
 * The dialog open over the dashboard, if any. Ids, not copies, so an open dialog follows live changes and closes when
 * its subject is deleted.
 */
export type Opened =
  | { kind: "booking"; id: string }
  | { kind: "customer"; key: string }
  | { kind: "service"; service?: Service }
  | { kind: "message"; id: string }
  | null;

interface Props {
  opened: Opened;
  onClose: () => void;
  bookings: readonly Booking[];
  services: readonly Service[];
  customers: readonly Customer[];
  unsubscribed: ReadonlyMap<string, string>;
  messages: readonly ContactMessage[];
  technicians: Pick<StaffMember, "_id" | "name">[];
  onAssigned: (booking: Booking) => void;
  onServiceSaved: (service: Service) => void;
  onToggleRead: (message: ContactMessage) => void;
}

export function DashboardModals({ opened, onClose, ...data }: Props) {
  switch (opened?.kind) {
    case "booking": {
      const booking = data.bookings.find((b) => b._id === opened.id);
      return booking ? (
        <BookingDetailsModal
          booking={booking}
          services={data.services}
          technicians={data.technicians}
          onAssigned={data.onAssigned}
          onClose={onClose}
        />
      ) : null;
    }
    case "customer": {
      const customer = data.customers.find((c) => c.key === opened.key);
      return customer ? (
        <CustomerDetailsModal
          customer={customer}
          unsubscribedAt={data.unsubscribed.get(customer.key)}
          services={data.services}
          onClose={onClose}
        />
      ) : null;
    }
    case "message": {
      const message = data.messages.find((m) => m._id === opened.id);
      return message ? (
        <MessageModal message={message} onToggleRead={() => data.onToggleRead(message)} onClose={onClose} />
      ) : null;
    }
    case "service":
      return <ServiceFormModal service={opened.service} onSaved={data.onServiceSaved} onClose={onClose} />;
    default:
      return null;
  }
}
