import type { Booking } from "@contracts/bookings/booking.ts";
import type { Service } from "@contracts/services/service.ts";
import { formatMoney } from "@contracts/common/money.ts";
import type { ReactNode } from "react";
import { AssignTechnician, type TechnicianChoice } from "./AssignTechnician.tsx";
import { BookingHistory } from "./BookingHistory.tsx";
import { BookingMail } from "./BookingMail.tsx";
import { BookingVisit } from "./BookingVisit.tsx";
import { visitLine } from "./visitLine.ts";
import { formatAddress, formatDateTime, fullName, serviceName } from "../../lib/format.ts";
import { DetailList } from "../../components/DetailList.tsx";
import { Modal } from "../../components/Modal.tsx";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { BookingTexts } from "../../components/texts/BookingTexts.tsx";
import { useProfile } from "../../lib/profile.tsx";
import "./BookingDetailsModal.css";

interface Props {
  booking: Booking;
  services: readonly Service[];
  /** The active technicians, for the assignment select; absent where nobody may assign. */
  technicians?: readonly TechnicianChoice[];
  onAssigned?: (booking: Booking) => void;
  onClose: () => void;
}

export function BookingDetailsModal({ booking: b, services, technicians, onAssigned, onClose }: Props) {
  const { timeZone } = useProfile();
  const items: [string, ReactNode][] = [
    ["Customer", fullName(b)],
    ["Email", <a href={`mailto:${b.email}`}>{b.email}</a>],
    ["Phone", <a href={`tel:${b.contactNumber}`}>{b.contactNumber}</a>],
    ["Service", serviceName(b.serviceType, services)],
    ["Date & Time", formatDateTime(b)],
    ["Address", formatAddress(b)],
    ["Unit Type", b.furnaceOrUnit || "N/A"],
    ["Units", b.unitCount],
    ["Price", formatMoney(Number(b.estimatedPrice) || 0)],
    ["Status", <StatusBadge status={b.status} />],
    [
      "Technician",
      technicians ? (
        <AssignTechnician booking={b} technicians={technicians} onAssigned={(next) => onAssigned?.(next)} />
      ) : (
        (b.technicianName ?? "Unassigned")
      ),
    ],
  ];
  if (b.technicianId || b.visitStage !== "scheduled") items.push(["Visit", visitLine(b, timeZone)]);
  if (b.comment?.trim()) items.push(["Comments", <span className="adm-details__comment">{b.comment}</span>]);
  return (
    <Modal title="Booking Details" onClose={onClose} className="adm">
      <DetailList items={items} />
      <BookingVisit booking={b} />
      <BookingMail bookingId={b._id} />
      <BookingTexts bookingId={b._id} />
      <BookingHistory bookingId={b._id} />
    </Modal>
  );
}
