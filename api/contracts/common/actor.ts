import type { SessionUser, StaffRole } from "../staff/staff.ts";

export type ActorKind = "staff" | "customer" | "system";

/**
 * Who acts, whatever they change: a signed-in staff member, a customer through their link (no account: their
 * e-mail), or the system itself. The audit trail records it, and the e-mails a change sends depend on it.
 */
export interface Actor {
  kind: ActorKind;
  /** The staff account's id; null for a customer or the system. */
  id: string | null;
  /** A staff member's name; a customer's e-mail; the system's part that acted. */
  name: string;
  /** The address the audit trail keeps for them. */
  email: string;
  /** A staff member's role. */
  role?: StaffRole;
}

export const staffActor = (user: Pick<SessionUser, "_id" | "email" | "name" | "role">): Actor => ({
  kind: "staff",
  id: user._id,
  name: user.name,
  email: user.email,
  role: user.role,
});

export const customerActor = (customer: { email: string }): Actor => ({
  kind: "customer",
  id: null,
  name: customer.email,
  email: customer.email,
});

/** True for a technician: the one who may only move their own job's visit forward. */
export const isTechnician = (actor: Actor) => actor.kind === "staff" && actor.role === "technician";
