import type { Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";
import type { Customer } from "./customers.ts";
import { DetailList } from "../../components/DetailList.tsx";
import { formatDate, formatReceived, serviceName } from "../../lib/format.ts";
import { Modal } from "../../components/Modal.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import "./CustomerDetailsModal.css";

interface Props {
  customer: Customer;
  /** When they unsubscribed from the yearly rebook reminder, if they did. */
  unsubscribedAt?: string;
  services: readonly Service[];
  onClose: () => void;
}

export function CustomerDetailsModal({ customer: c, unsubscribedAt, services, onClose }: Props) {
  return (
    <Modal title="Customer Details" onClose={onClose} size="wide" className="adm">
      <DetailList
        items={[
          ["Name", c.name],
          ["Email", <a href={`mailto:${c.email}`}>{c.email}</a>],
          ["Phone", <a href={`tel:${c.phone}`}>{c.phone}</a>],
          ["Address", c.address],
          ["Rebook reminders", unsubscribedAt ? `Unsubscribed on ${formatReceived(unsubscribedAt)}` : "Subscribed"],
        ]}
      />
      <h3 className="adm-customer__subtitle">Booking History</h3>
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--compact">
          <caption className="visually-hidden">Booking history of {c.name}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Service</th>
              <th scope="col">Status</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {c.bookings.map((b) => (
              <tr key={b._id}>
                <td data-label="Date">{formatDate(b.cleaningDate)}</td>
                <td data-label="Service">{serviceName(b.serviceType, services)}</td>
                <td data-label="Status">
                  <StatusBadge status={b.status} />
                </td>
                <td data-label="Price">{formatMoney(Number(b.estimatedPrice) || 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
