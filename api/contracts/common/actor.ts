import type { SessionUser } from "../staff/staff.ts";

/**
 * Who acts on a booking or a service: an admin, a customer through their manage link (no account: their e-mail), and
 * later a technician. The audit trail records it, and the e-mails a change sends depend on it.
 */
export interface Actor {
  role: "admin" | "customer" | "technician";
  /** The staff account's id; null for a customer. */
  _id: string | null;
  email: string;
}

export const adminActor = (admin: Pick<SessionUser, "_id" | "email">): Actor => ({
  role: "admin",
  _id: admin._id,
  email: admin.email,
});

/** A signed-in staff member as who acts: owners and admins act as admins. */
export const staffActor = (user: Pick<SessionUser, "_id" | "email" | "role">): Actor => ({
  role: user.role === "technician" ? "technician" : "admin",
  _id: user._id,
  email: user.email,
});

export const customerActor = (booking: { email: string }): Actor => ({
  role: "customer",
  _id: null,
  email: booking.email,
});
