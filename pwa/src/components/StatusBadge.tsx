import type { BookingStatus } from "@contracts/entities.ts";
import { capitalize } from "../lib/format.ts";
import "./StatusBadge.css";

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`adm-badge adm-badge--${status}`}>{capitalize(status)}</span>;
}
