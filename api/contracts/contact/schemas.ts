import * as v from "valibot";
import { email, phone, text } from "../common/fields.ts";
import { CONTACT_SERVICE_VALUES } from "./contact.ts";
import { pageQueryFields, sortField } from "../common/paging.ts";

/** POST /api/contact. */
export const ContactInputSchema = v.object({
  name: text(100, "Name"),
  email,
  phone,
  service: v.picklist(CONTACT_SERVICE_VALUES, "Please choose a service"),
  message: text(5000, "Message"),
});

export type ContactInput = v.InferOutput<typeof ContactInputSchema>;

/** PUT /api/contact/{id}/read: an admin marks a message read or unread. */
export const MessageReadSchema = v.object({ read: v.boolean("read must be true or false") });

/** How GET /api/contact may order its messages: by when sent (newest first by default), by the sender's name. */
export const CONTACT_SORTS = ["-created", "created", "name"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** GET /api/contact: one page of the messages; `q` searches name, e-mail, phone digits and the message. */
export const ContactListQuerySchema = v.strictObject({
  ...pageQueryFields,
  sort: sortField(CONTACT_SORTS, "-created"),
  read: v.optional(v.picklist(["true", "false"], "read must be true or false")),
});
export type ContactListQuery = v.InferOutput<typeof ContactListQuerySchema>;
