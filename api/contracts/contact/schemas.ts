import * as v from "valibot";
import { email, phone, text } from "../common/fields.ts";
import { CONTACT_SERVICE_VALUES } from "./contact.ts";

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
