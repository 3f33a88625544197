import { Hono, type MiddlewareHandler } from "hono";
import { staffActor } from "../../contracts/common/actor.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { StaffMember, StaffUpdateResponse } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import { StaffCreateSchema, StaffUpdateSchema } from "../../contracts/staff/schemas.ts";
import { TechnicianHoursSchema } from "../../contracts/schedule/hours-schema.ts";
import type { TechnicianHours } from "../../contracts/schedule/board.ts";
import type { Tx } from "../../db/client.ts";
import { Conflict, Forbidden, NotFound, Unprocessable } from "../../errors.ts";
import { stepUp } from "../../http/auth.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { Outbox } from "../../outbox/outbox.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { Clock } from "../../platform/clock.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import type { AuditRepo } from "../../db/audit.ts";
import { DEFAULT_STAFF_COLOR, type StaffChanges, type StaffRepo } from "./repo.ts";
import { INVITATION_LIFETIME_MS, invitationPath, newInvitationToken } from "./tokens.ts";

export interface StaffDeps {
  repo: StaffRepo;
  audit: Pick<AuditRepo, "record">;
  outbox: Pick<Outbox, "write" | "wake">;
  /** The business as the settings hold it now: who the invitation is from. */
  profile: () => Promise<BusinessProfile>;
  realtime: Pick<RealtimeEmitter, "tokensRevoked">;
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** Step-up for inviting, changing a role and deactivating (removing) a person. */
  requireRecentSignIn: MiddlewareHandler<AppEnv>;
  clock: Clock;
  businessTz: string;
  /** A technician's jobs still to do from a date on (the bookings' store), answered after a deactivation. */
  upcomingJobs(technicianId: string, fromDate: string): Promise<Booking[]>;
}

/**
 * /api/staff, for admins: list the staff, invite a person (an e-mail with a link to choose a password), change a
 * role, name, phone or colour, deactivate (signed out everywhere at once) and resend an invitation. Owners are
 * only changed by an owner, and the last active owner stays one.
 */
export function staffRoutes(deps: StaffDeps) {
  const { repo, audit, outbox, realtime, requireAdmin, clock } = deps;

  const locked = async (tx: Tx, id: string) => {
    const member = await repo.getForUpdate(tx, id);
    if (!member) throw new NotFound(MESSAGES.staffNotFound);
    return member;
  };

  /** A new invitation link for the member, replacing any earlier one, and its e-mail. */
  const invite = async (tx: Tx, member: StaffMember, profile: BusinessProfile) => {
    const { token, hash } = newInvitationToken();
    const expiresAt = new Date(clock.now().getTime() + INVITATION_LIFETIME_MS);
    await repo.replaceInvitation(tx, member._id, hash, expiresAt);
    const invitation = {
      name: member.name,
      email: member.email,
      path: invitationPath(token),
      expiresAt,
      locale: member.locale ?? "en",
    };
    await outbox.write(tx, [{ kind: "staff-invited", invite: invitation, profile }]);
  };

  /** A technician's hours, locked; 404 for nobody, 422 for staff who are not technicians (they take no jobs). */
  const technicianHours = async (tx: Tx, id: string) => {
    const found = await repo.hours(tx, id);
    if (!found) throw new NotFound(MESSAGES.staffNotFound);
    if (found.role !== "technician") throw new Unprocessable("Only a technician has working hours");
    return found.hours;
  };

  // requireAdmin per route rather than for /api/staff/*: the owner-only sessions of a person are under it too.
  return (
    new Hono<AppEnv>()
      .get("/", requireAdmin, async (c) => c.json(await repo.list()))
      // A technician's working week and days off: the board greys the rest and a move there is refused.
      .get("/:id/hours", requireAdmin, async (c) => {
        const hours = await repo.transaction((tx) => technicianHours(tx, c.req.param("id")));
        return c.json<TechnicianHours>(hours);
      })
      .put("/:id/hours", requireAdmin, validateJson(TechnicianHoursSchema), async (c) => {
        const hours: TechnicianHours = c.req.valid("json");
        const id = c.req.param("id");
        await repo.transaction(async (tx) => {
          const before = await technicianHours(tx, id);
          await repo.saveHours(tx, id, hours);
          await audit.record(tx, {
            actor: staffActor(c.get("user")),
            entityType: "staff",
            entityId: id,
            action: "update",
            before: { hours: before },
            after: { hours },
          });
        });
        return c.json<TechnicianHours>(hours);
      })
      .post("/", requireAdmin, deps.requireRecentSignIn, validateJson(StaffCreateSchema), async (c) => {
        const input = c.req.valid("json");
        const profile = await deps.profile();
        const member = await repo.transaction(async (tx) => {
          const created = await repo.create(tx, {
            name: input.name,
            email: input.email,
            phone: input.phone,
            role: input.role,
            color: input.color ?? DEFAULT_STAFF_COLOR,
            locale: input.locale,
          });
          await invite(tx, created, profile);
          await audit.record(tx, {
            actor: staffActor(c.get("user")),
            entityType: "staff",
            entityId: created._id,
            action: "create",
            before: null,
            after: created,
          });
          return created;
        });
        outbox.wake();
        return c.json({ data: member }, 201);
      })
      .put("/:id", requireAdmin, validateJson(StaffUpdateSchema), async (c) => {
        const input = c.req.valid("json");
        const actor = c.get("user");
        const { member, revoked, deactivated } = await repo.transaction(async (tx) => {
          const before = await locked(tx, c.req.param("id"));
          // An owner is changed, and made, only by an owner.
          if ((before.role === "owner" || input.role === "owner") && actor.role !== "owner") {
            throw new Forbidden(MESSAGES.onlyOwnerChangesOwner);
          }
          const changes: StaffChanges = { name: input.name, phone: input.phone, color: input.color, role: input.role };
          if (input.active === false && before.status !== "deactivated") changes.status = "deactivated";
          if (input.active === true && before.status === "deactivated") {
            // Back to where they were: without a password yet, they need a new invitation.
            changes.status = (await repo.hasPassword(tx, before._id)) ? "active" : "invited";
          }
          const roleChanged = input.role !== undefined && input.role !== before.role;
          const deactivating = changes.status === "deactivated";
          // Changing who may do what is a step-up action; a new phone number is not.
          if (roleChanged || changes.status) await stepUp(c, deps.requireRecentSignIn);
          if (before.role === "owner" && before.status === "active" && (roleChanged || deactivating)) {
            const owners = await repo.lockActiveOwners(tx);
            if (owners.length <= 1) throw new Conflict(MESSAGES.lastOwner);
          }
          // A new role must not ride on tokens issued for the old one; a deactivated person keeps none.
          const revoke = roleChanged || deactivating;
          const after = await repo.update(tx, before._id, changes, revoke);
          if (deactivating) await repo.dropInvitations(tx, before._id);
          await audit.record(tx, {
            actor: staffActor(actor),
            entityType: "staff",
            entityId: before._id,
            action: "update",
            before,
            after,
          });
          return { member: after, revoked: revoke, deactivated: deactivating };
        });
        // Closes their open sockets on every instance (through the Redis adapter).
        if (revoked) realtime.tokensRevoked(member._id);
        // Nothing is unassigned silently: the jobs still to do are answered, for an admin to give to someone else.
        const jobsToReassign =
          deactivated || member.status === "deactivated"
            ? await deps.upcomingJobs(member._id, todayIn(deps.businessTz, clock.now()))
            : [];
        const body: StaffUpdateResponse = { data: member, jobsToReassign };
        return c.json(body);
      })
      .post("/:id/invitation", requireAdmin, deps.requireRecentSignIn, async (c) => {
        const profile = await deps.profile();
        const member = await repo.transaction(async (tx) => {
          const found = await locked(tx, c.req.param("id"));
          if (found.status !== "invited") throw new Conflict(MESSAGES.alreadyActive);
          await invite(tx, found, profile);
          await audit.record(tx, {
            actor: staffActor(c.get("user")),
            entityType: "staff",
            entityId: found._id,
            action: "invite",
            before: null,
            after: { email: found.email },
          });
          return found;
        });
        outbox.wake();
        return c.json({ data: member });
      })
  );
}
