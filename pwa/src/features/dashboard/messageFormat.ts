import type { ContactMessage } from "@contracts/mail.ts";

const received = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Jun 8, 2026, 3:05 PM" in the admin's own zone: when it arrived, for whoever reads it. */
export function formatReceived(iso: string | null): string {
  if (!iso) return "—";
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : received.format(t);
}

/** A reply in the admin's mail program, addressed to the sender, quoting what they wrote. */
export function replyHref(message: ContactMessage, businessName: string): string {
  const subject = `Re: Your message to ${businessName}`;
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `Hello ${message.name},\n\n\n\n${quoted}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
