/** Contact form service options: label shown, value sent (SPEC §5, including its groupings). */
export const CONTACT_SERVICE_OPTIONS = [
  { label: "Select Service", value: "" },
  { label: "Air Duct Cleaning", value: "Air Duct Cleaning" },
  { label: "Supply Vent Cleaning", value: "Supply Vent Cleaning" },
  { label: "Dryer Vent Cleaning", value: "Residential Cleaning" },
  { label: "Brush Cleaning", value: "Residential Cleaning" },
  { label: "Deep Cleaning", value: "Commercial Cleaning" },
  { label: "Chimney Cleaning", value: "Dryer Vent Cleaning" },
  { label: "HVAC System Cleaning", value: "HVAC System Cleaning" },
  { label: "Other Services", value: "Other Services" },
] as const;

/** The distinct non-empty values the server accepts in a contact message's `service`. */
export const CONTACT_SERVICE_VALUES = [
  ...new Set(CONTACT_SERVICE_OPTIONS.map((o) => o.value).filter((v) => v !== "")),
] as string[];

/** A visitor's message as admins read it (GET /api/contact, newest first). */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  read: boolean;
  createdAt: string;
}
