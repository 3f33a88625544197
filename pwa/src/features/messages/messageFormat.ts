import type { ContactMessage } from "@contracts/contact/contact.ts";

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
