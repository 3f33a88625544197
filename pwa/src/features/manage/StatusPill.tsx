import type { BookingStatus } from "@contracts/bookings/booking.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { statusMessages } from "./messages.ts";

export function StatusPill({ status }: { status: BookingStatus }) {
  const { t } = useTranslator();
  return <span className={`manage-status manage-status--${status}`}>{t(statusMessages[status])}</span>;
}
