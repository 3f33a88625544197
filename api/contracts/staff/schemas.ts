import * as v from "valibot";
import { STAFF_LOCALES } from "./language.ts";
import { email, phone, text } from "../common/fields.ts";
import { commonPasswordProblem } from "./passwords.ts";

/** POST /api/auth/login. */
export const LoginInputSchema = v.object({
  email,
  password: v.pipe(v.string("Password must be text"), v.nonEmpty("Password is required"), v.maxLength(200)),
});

export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export const MIN_PASSWORD_LENGTH = 12;

/** PUT /api/auth/password: the admin's current password and a new one (revokes every earlier token). */
export const PasswordChangeSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string("Current password must be text"),
      v.nonEmpty("Current password is required"),
      v.maxLength(200),
    ),
    newPassword: v.pipe(
      v.string("New password must be text"),
      v.minLength(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters`),
      v.maxLength(200, "New password must be at most 200 characters"),
    ),
  }),
  v.forward(
    v.check((p) => p.newPassword !== p.currentPassword, "New password must differ from the current one"),
    ["newPassword"],
  ),
);

export type PasswordChange = v.InferOutput<typeof PasswordChangeSchema>;

/** A password a person chooses (an invitation accepted): 12+ characters and not one of the most common. */
export const newPassword = v.pipe(
  v.string("Password must be text"),
  v.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  v.maxLength(200, "Password must be at most 200 characters"),
  v.check((p) => commonPasswordProblem(p) === null, "This password is too common. Please choose another one."),
);

/** POST /api/invitations/{token}. */
export const InvitationAcceptSchema = v.object({ password: newPassword });

/** A schedule colour: `#rrggbb`, stored lowercase. */
const color = v.pipe(
  v.string("Colour must be text"),
  v.regex(/^#[0-9a-fA-F]{6}$/, "Colour must be written #rrggbb"),
  v.toLowerCase(),
);

/** POST /api/staff: an admin invites a person; owners are only made from ADMIN_EMAIL. */
export const StaffCreateSchema = v.object({
  name: text(100, "Name"),
  email,
  phone: v.optional(v.union([v.literal(""), phone], "Phone number is not valid"), ""),
  role: v.picklist(["admin", "technician"], "Role must be admin or technician"),
  color: v.optional(color),
  /** The language they will work in, and their invitation's: English unless the office chooses Spanish. */
  locale: v.optional(v.picklist(STAFF_LOCALES, 'locale must be "en" or "es"'), "en"),
});

export type StaffCreate = v.InferOutput<typeof StaffCreateSchema>;

/** PUT /api/staff/{id}: any of these; `active: false` deactivates (signs out everywhere), `true` reactivates. */
export const StaffUpdateSchema = v.object({
  name: v.optional(text(100, "Name")),
  phone: v.optional(v.union([v.literal(""), phone], "Phone number is not valid")),
  role: v.optional(v.picklist(["owner", "admin", "technician"], "Role must be owner, admin or technician")),
  color: v.optional(color),
  active: v.optional(v.boolean("active must be true or false")),
});

export type StaffUpdate = v.InferOutput<typeof StaffUpdateSchema>;
