import { publicRoute } from "../../http/roles.ts";
import { Hono, type MiddlewareHandler } from "hono";
import { bookingsCreated } from "../../platform/metrics.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import {
  AssignmentSchema,
  bookingEditSchema,
  bookingInputSchema,
  BookingsListQuerySchema,
  BookingsQuerySchema,
  StatusUpdateSchema,
} from "../../contracts/bookings/schemas.ts";
import { staffActor } from "../../contracts/common/actor.ts";
import { DurationOverrideSchema, MoveRequestSchema } from "../../contracts/schedule/board-schemas.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import type { SessionUser } from "../../contracts/staff/staff.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import { approvedWorkOf } from "../../contracts/estimates/rules.ts";
import type { JobDetails } from "../../contracts/visit/job.ts";
import type { AuditRepo } from "../../db/audit.ts";
import { Forbidden, NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { bodyHash, idempotencyKey } from "../../http/idempotency.ts";
import { validateJson, validateJsonBy, validateQuery } from "../../http/validate.ts";
import type { Outbox } from "../../outbox/outbox.ts";
import type { Settings } from "../../contracts/settings/settings.ts";
import type { BookingExecutor } from "./command/executor.ts";
import { type BookingsRepo, isBookingId } from "./repo.ts";
import { customerFields } from "./rules.ts";
import { photosOf, photoUrl, type VisitsRepo } from "./visit/repo.ts";

export interface BookingsDeps {
  bookings: BookingExecutor;
  /** A booking's estimates as of now, oldest first: its details list them and the work they approved. */
  estimates: (bookingId: string) => Promise<Estimate[]>;
  /** A booking's invoice, if it has one. */
  invoice: (bookingId: string) => Promise<Invoice | null>;
  repo: BookingsRepo;
  /** The technician's visit records a staff read of one booking carries. */
  visits: VisitsRepo;
  audit: Pick<AuditRepo, "history">;
  outbox: Pick<Outbox, "forBooking">;
  settings: () => Promise<Settings>;
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** Any signed-in staff member: the reads a technician may make, of their own jobs. */
  requireStaff: MiddlewareHandler<AppEnv>;
}

/**
 * /api/bookings: anyone may book (public); reading and changing bookings is for admins, every change through the
 * one command path. A technician reads only the jobs assigned to them: another one's is not found.
 */
export function bookingsRoutes(deps: BookingsDeps) {
  const { bookings, repo, requireAdmin, requireStaff, settings } = deps;

  /** The technician's own id when a technician asks (their jobs only), else undefined (everything). */
  const onlyJobsOf = (user: SessionUser) => (user.role === "technician" ? user._id : undefined);
  // Built once per settings object (the cache hands out the same one until they change), not per booking: the slot
  // picklist and the states' set cost more to build than the rest of the validation.
  const inputSchemas = new WeakMap<object, ReturnType<typeof bookingInputSchema>>();
  const inputSchema = async () => {
    const rules = await settings();
    let schema = inputSchemas.get(rules);
    if (!schema) inputSchemas.set(rules, (schema = bookingInputSchema(rules)));
    return schema;
  };
  /** A booking with its history or e-mails: a deleted one still has them; an id with neither is unknown. */
  const assertKnown = async (id: string, records: readonly unknown[]) => {
    if (records.length === 0 && !(await repo.get(id))) throw new NotFound(MESSAGES.bookingNotFound);
  };

  // Hono tries routes in the order they are registered: "/deleted" must come before "/:id" takes it for an id.
  return (
    new Hono<AppEnv>()
      // The slot labels a booking may name follow the settings' hours, so the schema is the current settings' one.
      .post("/", publicRoute, validateJsonBy(inputSchema), async (c) => {
        const input = c.req.valid("json");
        const key = idempotencyKey(c);
        // Without a key nothing is kept to compare a retry with: no fingerprint to compute.
        const request = { route: "POST /api/bookings", key, bodyHash: key === null ? "" : bodyHash(input) };
        const outcome = await bookings.create(input, request);
        // The office books through the same route, signed in; a replay is the same booking, not another.
        if (outcome.status === 201 && !outcome.replayed) {
          bookingsCreated.inc({ source: c.req.header("Authorization") ? "office" : "web" });
        }
        return c.json(outcome.body, outcome.status as 201);
      })
      .get("/", requireStaff, validateQuery(BookingsListQuerySchema), async (c) => {
        const query = c.req.valid("query");
        const technician = onlyJobsOf(c.get("user"));
        // A technician's list is their own jobs: asking for another's (or the unassigned) is refused, not widened.
        if (technician && query.technicianId !== undefined && query.technicianId !== technician) {
          throw new Forbidden(MESSAGES.onlyOwnJobs);
        }
        return c.json(await repo.page({ ...query, technicianId: technician ?? query.technicianId }));
      })
      .get("/deleted", requireAdmin, validateQuery(BookingsQuerySchema), async (c) => {
        return c.json(await repo.listDeleted(c.req.valid("query").since));
      })
      .get("/:id", requireStaff, async (c) => {
        const booking = await repo.get(c.req.param("id"));
        const technician = onlyJobsOf(c.get("user"));
        if (!booking || (technician && booking.technicianId !== technician)) {
          throw new NotFound(MESSAGES.bookingNotFound);
        }
        const [{ visit, notes, images, checklist }, estimates, invoice, rating] = await Promise.all([
          deps.visits.records(booking._id),
          deps.estimates(booking._id),
          deps.invoice(booking._id),
          deps.visits.rating(booking._id),
        ]);
        const signature = images.find((i) => i.kind === "signature");
        const details: JobDetails = {
          ...booking,
          visit,
          notes,
          photos: photosOf(images),
          signature: signature ? { url: photoUrl(signature._id) } : null,
          checklist,
          estimates,
          approvedWork: approvedWorkOf(estimates),
          invoice,
          rating,
        };
        return c.json(details);
      })
      .put(
        "/:id",
        requireAdmin,
        validateJsonBy(async () => bookingEditSchema(await settings())),
        async (c) => {
          const { status, version, ...fields } = c.req.valid("json");
          const command = { kind: "edit", fields: customerFields(fields), status } as const;
          const answer = await bookings.change({ id: c.req.param("id") }, command, staffActor(c.get("user")), {
            version,
          });
          return c.json<{ data: Booking }>(answer.body);
        },
      )
      .put("/:id/status", requireAdmin, validateJson(StatusUpdateSchema), async (c) => {
        const { status, version, keepDepositReason } = c.req.valid("json");
        const answer = await bookings.change(
          { id: c.req.param("id") },
          { kind: "status", status, keepDeposit: keepDepositReason },
          staffActor(c.get("user")),
          {
            version,
          },
        );
        return c.json<{ data: Booking }>(answer.body);
      })
      // Gives the job to a technician (null: unassigned), checked against the technician's other jobs in that slot.
      .put("/:id/assignment", requireAdmin, validateJson(AssignmentSchema), async (c) => {
        const { technicianId, version } = c.req.valid("json");
        const command = { kind: "assign", technicianId } as const;
        const answer = await bookings.change({ id: c.req.param("id") }, command, staffActor(c.get("user")), {
          version,
        });
        return c.json<{ data: Booking }>(answer.body);
      })
      // The dispatch board: technician, date and time in one change, checked against the technician's whole day.
      .post("/:id/move", requireAdmin, validateJson(MoveRequestSchema), async (c) => {
        const { technicianId, date, time, expectedVersion } = c.req.valid("json");
        const command = { kind: "dispatch", technicianId, cleaningDate: date, cleaningTime: time } as const;
        const answer = await bookings.change({ id: c.req.param("id") }, command, staffActor(c.get("user")), {
          version: expectedVersion,
        });
        return c.json<{ data: Booking }>(answer.body);
      })
      .put("/:id/duration", requireAdmin, validateJson(DurationOverrideSchema), async (c) => {
        const { minutes, expectedVersion } = c.req.valid("json");
        const answer = await bookings.change(
          { id: c.req.param("id") },
          { kind: "duration", minutes },
          staffActor(c.get("user")),
          { version: expectedVersion },
        );
        return c.json<{ data: Booking }>(answer.body);
      })
      .delete("/:id", requireAdmin, async (c) => {
        const deleted = await bookings.delete(c.req.param("id"), staffActor(c.get("user")));
        return c.json({ data: { _id: deleted._id } });
      })
      .get("/:id/history", requireAdmin, async (c) => {
        const id = c.req.param("id");
        if (!isBookingId(id)) throw new NotFound(MESSAGES.bookingNotFound);
        const entries = await deps.audit.history("booking", id);
        await assertKnown(id, entries);
        return c.json(entries);
      })
      .get("/:id/mail", requireAdmin, async (c) => {
        const id = c.req.param("id");
        if (!isBookingId(id)) throw new NotFound(MESSAGES.bookingNotFound);
        const records = await deps.outbox.forBooking(id);
        await assertKnown(id, records);
        return c.json(records);
      })
  );
}
