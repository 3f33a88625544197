import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { BookingFields } from "../../../contracts/bookings/schemas.ts";
import { type Actor, customerActor } from "../../../contracts/common/actor.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import { type Settings, withSettingsProfile } from "../../../contracts/settings/settings.ts";
import { completionMissing } from "../../../contracts/visit/checklists.ts";
import { boundedAt } from "../../../contracts/visit/visit.ts";
import type { Tx } from "../../../db/client.ts";
import type { AuditRecord } from "../../../db/audit.ts";
import type { DepositRefund } from "../../../outbox/orders.ts";
import type { Locale } from "../../../contracts/i18n/locales.ts";
import type { IdempotentOutcome, IdempotentRequest, Outcome } from "../../../db/idempotency.ts";
import { BadRequest, Conflict, MoveConflict, NotFound, StaleVersion, Unprocessable } from "../../../errors.ts";
import { type CommandDeps, effectsOf } from "../../../platform/effects.ts";
import { inSpan } from "../../../platform/tracing.ts";
import { type Assignee, type BookingsRepo, type BookingValues, draftBooking } from "../repo.ts";
import { assertBookableService, assertRoomInSlot, storedPrices } from "../rules.ts";
import type { ImageStore } from "../visit/image-store.ts";
import { checkDay, type Plan, plannedInSlot } from "../dispatch/day.ts";
import { type Places, placesFor } from "../dispatch/places.ts";
import type { DispatchRepo } from "../dispatch/repo.ts";
import { buildReport } from "../visit/report.ts";
import { photosOf, type VisitsRepo } from "../visit/repo.ts";
import { writeVisitRecord } from "../visit/records.ts";
import type { BookingCommand, BookingTarget, Effects, Locked, VisitRecordCommand } from "./commands.ts";
import { assertMayWork, needsPastAssignment } from "../visit/access.ts";
import {
  assertNewBookable,
  type ChangeDecision,
  decideChange,
  decideNewBooking,
  type DecisionContext,
  type VisitFacts,
} from "./decide.ts";
import {
  effectsOfChange,
  effectsOfDeletion,
  effectsOfNewBooking,
  effectsOfRecord,
  type EffectsContext,
  type RatingRequests,
} from "./effects.ts";

export interface ExecutorDeps extends CommandDeps {
  repo: BookingsRepo;
  /** The dispatch board's reads of a technician's day (moves and durations). */
  dispatch: DispatchRepo;
  visits: VisitsRepo;
  images: ImageStore;
  businessTz: string;
  /** The portal's "How did we do?" after a completed visit: its links' signature and its delay. */
  rating?: RatingRequests;
  /** Consent to texts ticked on the booking form: kept on the new booking's customer, in its transaction. */
  smsConsent?: (tx: Tx, booking: Booking, locale: Locale) => Promise<void>;
  /** The language on the booking's customer record: a change's e-mails, calendar file and texts are written in it. */
  localeOf?: (tx: Tx, booking: Booking) => Promise<Locale>;
  /**
   * A cancelled job's held deposits, in the cancellation's transaction: refunded in full, or kept for `keepReason`
   * when an admin says so (decision 0090); answers the booking's audit entries and the deposits refunded.
   */
  settleDeposits?: (
    tx: Tx,
    bookingId: string,
    actor: Actor,
    keepReason: string | undefined,
    now: Date,
  ) => Promise<{ audit: AuditRecord[]; refunds: DepositRefund[] }>;
}

type Answer<B> = IdempotentOutcome<DataEnvelope<B>>;

/** The transaction of a request a device may retry: with its key, a repeat answers the first result. */
const WITHOUT_KEY = { route: "", key: null, bodyHash: "" } satisfies IdempotentRequest;

/**
 * The one path by which a booking comes to be, changes and goes, whoever acts (a customer, the office, a
 * technician): in one transaction it locks the booking, checks the version, lets the command's pure decision say
 * what the booking becomes, checks what only a lock can tell (the slot, the technician's own slot, the price),
 * writes it, and writes what must follow (audit, outbox); once committed it tells the screens and wakes the outbox.
 * A request with an Idempotency-Key is answered once: a repeat gets the first answer and changes nothing.
 */
export function bookingExecutor(deps: ExecutorDeps) {
  const { repo, dispatch, visits, images, idempotency, audit, outbox, realtime, clock, businessTz } = deps;

  /** Everything a decision and its effects read besides the booking, read before any transaction opens. */
  const contextOf = async (serviceType?: string) => {
    // Read before the transaction: a cold cache must not wait for a connection while this one holds a row lock.
    const [settings, services] = await Promise.all([deps.settings(), deps.services()]);
    const decision: DecisionContext = { settings, businessTz, now: clock.now() };
    const effects = (booking: Pick<Booking, "serviceType">): EffectsContext => {
      const service = services.find((s) => s._id === booking.serviceType);
      return {
        now: decision.now,
        businessTz,
        // The rating switch of Settings decides at the completion (and again when the e-mail falls due).
        rating: settings.ratingEmail ? deps.rating : undefined,
        context: {
          profile: withSettingsProfile(deps.profile, settings.profile),
          serviceTitle: service?.title,
          serviceTitleEs: service?.titleEs,
        },
      };
    };
    return { decision, effects, service: services.find((s) => s._id === serviceType) ?? null };
  };

  const { write, tell } = effectsOf({ audit, outbox, realtime });

  const localeOf = (tx: Tx, booking: Booking): Promise<Locale> =>
    deps.localeOf ? deps.localeOf(tx, booking) : Promise.resolve("en");
  const inLocale = (effects: EffectsContext, locale: Locale): EffectsContext => ({
    ...effects,
    context: { ...effects.context, locale },
  });

  /** The command's transaction as a span of the request's trace: its statements and outbox rows nest below it. */
  const traced = <T>(command: string, kind: string, fn: () => Promise<T>) =>
    inSpan(`booking.${command}`, { attributes: { "booking.command": kind } }, fn);

  const locked = async (tx: Tx, target: BookingTarget): Promise<Locked> => {
    const found = await repo.lock(tx, target);
    if (!found) throw new NotFound("id" in target ? MESSAGES.bookingNotFound : MESSAGES.manageNotFound);
    return found;
  };

  /** What a visit's stage or record must know first, with the booking locked; only what this command needs. */
  const visitFacts = async (
    tx: Tx,
    booking: Booking,
    actor: Actor,
    claimed: string | undefined,
    completing: boolean,
  ) => {
    const [{ now: receivedAt, since }, wasAssigned] = await Promise.all([
      visits.clock(tx, booking),
      needsPastAssignment(actor, booking) ? visits.wasAssigned(booking._id, actor.id!, tx) : undefined,
    ]);
    const facts: VisitFacts = { when: { at: boundedAt(claimed, receivedAt, since), receivedAt }, wasAssigned };
    if (completing) {
      const records = await visits.records(booking._id, tx);
      facts.missing = completionMissing(records.checklist, photosOf(records.images));
    }
    return facts;
  };

  /**
   * What only a lock can tell, in the order a person would be told: the service's price, the slot's room, the
   * technician's own slot. Answers the booking to write, and the technician who is new to the job.
   */
  const guard = async (
    tx: Tx,
    before: Booking,
    decision: ChangeDecision,
    settings: Settings,
    board?: { places: Places; plan: Plan },
  ) => {
    const { guards } = decision;
    if (guards.dispatch) return await guardDispatch(tx, before, decision, settings, board!);
    let next: BookingValues = decision.next;
    if (guards.reprice) {
      const service = assertBookableService(await repo.serviceForBooking(tx, guards.reprice.serviceType));
      next = { ...next, ...storedPrices(service.price, guards.reprice.units, settings.discountTiers) };
    }
    if (guards.slot) {
      const { date, time } = guards.slot;
      assertRoomInSlot(await repo.lockSlotAndCount(tx, date, time, before._id), settings.slotCapacity);
    }
    let newTechnician: Assignee | null = null;
    if (guards.technician) {
      const { id, assigned } = guards.technician;
      // Under a lock of the technician's row: two assignments racing for them queue, and the second sees the first.
      const technician = await repo.lockAssignee(tx, id);
      if (!technician || (assigned && (technician.role !== "technician" || technician.status !== "active"))) {
        throw new Unprocessable(MESSAGES.notATechnician);
      }
      if (await repo.technicianBusy(tx, id, next.cleaningDate, next.cleaningTime, before._id)) {
        throw new Conflict(`${technician.name} already has a job at that time`);
      }
      if (assigned) newTechnician = technician;
    }
    return { next, newTechnician };
  };

  /**
   * The board's change, in the order of the locks every change takes (the slot, then the technician's row): the
   * slot's room, then the technician's whole day (hours, overlap, drive). Refusals carry their kind.
   */
  const guardDispatch = async (
    tx: Tx,
    before: Booking,
    decision: ChangeDecision,
    settings: Settings,
    board: { places: Places; plan: Plan },
  ) => {
    const { next, guards } = decision;
    if (guards.slot) {
      const { date, time } = guards.slot;
      const moving = [before._id, ...board.plan.keys()];
      const taken =
        (await dispatch.lockSlotAndCount(tx, date, time, moving)) + plannedInSlot(board.plan, before._id, date, time);
      if (taken >= settings.slotCapacity) throw new MoveConflict({ kind: "capacity" }, MESSAGES.slotFull);
    }
    const wanted = guards.dispatch!.technician;
    if (!wanted) return { next, newTechnician: null };
    const technician = await dispatch.lockTechnician(tx, wanted.id);
    if (!technician || (wanted.assigned && (technician.role !== "technician" || technician.status !== "active"))) {
      throw new BadRequest(MESSAGES.notATechnician);
    }
    const others = await dispatch.dayJobs(tx, technician._id, next.cleaningDate);
    const refusal = checkDay({ technician, booking: { ...next, _id: before._id }, others, settings, ...board });
    if (refusal) throw new MoveConflict(refusal.conflict, refusal.message);
    return { next, newTechnician: wanted.assigned ? technician : null };
  };

  /** The body of one change inside its transaction: lock, version, decision, guards, write, effects. */
  const changeIn = async (
    tx: Tx,
    target: BookingTarget,
    command: Exclude<BookingCommand, { kind: "delete" }>,
    given: Actor | undefined,
    ctx: Awaited<ReturnType<typeof contextOf>>,
    options: { version?: number; board?: { places: Places; plan: Plan } },
  ) => {
    const { booking: before, manageToken } = await locked(tx, target);
    const actor = given ?? customerActor(before);
    if (options.version !== undefined && options.version !== before.version) {
      // The board shows the booking as it is now, so the office sees what changed before trying again.
      if (options.board) throw new StaleVersion(MESSAGES.staleVersion, before);
      throw new Conflict(MESSAGES.staleVersion);
    }
    const stage = command.kind === "stage" ? command : null;
    const completing = stage?.stage === "completed" && before.visitStage !== "completed";
    const facts = stage ? await visitFacts(tx, before, actor, stage.at, completing) : undefined;
    const decision = decideChange(before, command, actor, ctx.decision, facts);
    const { next, newTechnician } = await guard(tx, before, decision, ctx.decision.settings, options.board);
    // Read with the write, not after it: the customer's language as it is when the change is made.
    const [after, locale] = await Promise.all([repo.update(tx, before._id, next), localeOf(tx, before)]);
    const keepDeposit = command.kind === "status" ? command.keepDeposit : undefined;
    const cancelled = after.status === "cancelled" && before.status !== "cancelled";
    const deposits =
      cancelled && deps.settleDeposits
        ? await deps.settleDeposits(tx, after._id, actor, keepDeposit, ctx.decision.now)
        : { audit: [], refunds: [] };
    const technicianName = after.technicianName ?? actor.name;
    if (stage && facts) {
      await visits.addStage(tx, after._id, stage.stage, actor, facts.when.at);
      if (stage.note) await visits.addNote(tx, after._id, stage.note, actor, facts.when.at);
    }
    // Read once the stage is in the history: the report says when the visit ended.
    const report =
      after.visitStage === "completed" && stage
        ? await buildReport(visits, images, tx, after, technicianName)
        : undefined;
    const changed = effectsOfChange(before, after, command, actor, manageToken, inLocale(ctx.effects(after), locale), {
      newTechnician,
      stage: stage && facts ? { technicianName, when: facts.when, report, overridden: decision.overridden } : undefined,
      refundedDeposits: deposits.refunds,
    });
    const effects = { ...changed, audit: [...changed.audit, ...deposits.audit] };
    await write(tx, effects);
    return { after, effects };
  };

  /** What the board's checks read before a transaction opens: the ZIP table (loaded once) and its stand-in. */
  const boardOf = async (
    command: Exclude<BookingCommand, { kind: "delete" }>,
    settings: Settings,
    plan: Plan = new Map(),
  ) => {
    if (command.kind !== "dispatch" && command.kind !== "duration") return undefined;
    // An unknown technician is a bad request whatever the day holds; checked again under lock.
    if (command.kind === "dispatch" && command.technicianId && !(await dispatch.technician(command.technicianId))) {
      throw new BadRequest(MESSAGES.notATechnician);
    }
    return { places: await placesFor(settings.profile.zip), plan };
  };

  return {
    /**
     * A new booking, by anyone: 201 with it, priced by the server from the services and settings as they are now.
     * The slot's lock and count go with BEGIN and the key's lookup; the insert and everything it sends go together.
     */
    async create(input: BookingFields, request: IdempotentRequest): Promise<Answer<Booking>> {
      const ctx = await contextOf(input.serviceType);
      // Without a key nothing can be replayed: a date or ZIP we do not serve is refused before any round trip. With
      // one, a retry of a booking already made gets its answer back, even once its date is too close.
      if (request.key === null) assertNewBookable(input, ctx.decision);
      let effects: Effects | null = null;
      const outcome = await traced("create", "create", () =>
        idempotency.run(
          request,
          async (tx, taken: number) => {
            if (request.key !== null) assertNewBookable(input, ctx.decision);
            const values = decideNewBooking(input, ctx.service, taken, ctx.decision.settings);
            // Made before the insert, so that its e-mails name its id and manage link and leave with it.
            const { booking: drafted, manageToken } = draftBooking(values, ctx.decision.now);
            // The customer's e-mails, calendar file and texts are written in the language they booked in.
            const effectsContext = ctx.effects(drafted);
            const planned = effectsOfNewBooking(drafted, manageToken, {
              ...effectsContext,
              context: { ...effectsContext.context, locale: input.locale ?? "en" },
            });
            const [booking] = await Promise.all([
              repo.insertDraft(tx, { booking: drafted, manageToken, locale: input.locale ?? "en" }),
              write(tx, planned),
            ]);
            // After the insert: the customer it found or made holds the consent.
            if (input.smsConsent && deps.smsConsent) await deps.smsConsent(tx, booking, input.locale ?? "en");
            effects = { ...planned, live: [{ event: "newBooking", booking }] };
            return { status: 201, body: { data: booking } };
          },
          (tx) => repo.lockSlotAndCount(tx, input.cleaningDate, input.cleaningTime),
        ),
      );
      if (!outcome.replayed && effects) tell(effects);
      return outcome;
    },

    /**
     * Any change of a booking, by anyone allowed to ask: the booking as it is now, or a refusal. `actor`: who acts;
     * left out for the holder of a customer's link, who is known by the booking it opens.
     */
    async change(
      target: BookingTarget,
      command: Exclude<BookingCommand, { kind: "delete" }>,
      given?: Actor,
      options: { version?: number; request?: IdempotentRequest } = {},
    ): Promise<Answer<Booking>> {
      const ctx = await contextOf();
      const board = await boardOf(command, ctx.decision.settings);
      let effects: Effects | null = null;
      const outcome = await traced("change", command.kind, () =>
        idempotency.run(options.request ?? WITHOUT_KEY, async (tx) => {
          const done = await changeIn(tx, target, command, given, ctx, { version: options.version, board });
          effects = done.effects;
          return { status: 200, body: { data: done.after } };
        }),
      );
      if (!outcome.replayed && effects) tell(effects);
      return outcome;
    },

    /**
     * Several board moves together (a day's new order), all or none in one transaction: each is checked against
     * the day as the others leave it, so two jobs can swap places; each is its own change (audit, e-mail).
     */
    async dispatchAll(
      moves: { bookingId: string; technicianId: string | null; date: string; time: string; expectedVersion: number }[],
      actor: Actor,
    ): Promise<Booking[]> {
      const ctx = await contextOf();
      const plan: Plan = new Map(
        moves.map((m) => [m.bookingId, { technicianId: m.technicianId, cleaningDate: m.date, cleaningTime: m.time }]),
      );
      const commands = moves.map(
        (m) =>
          ({ kind: "dispatch", technicianId: m.technicianId, cleaningDate: m.date, cleaningTime: m.time }) as const,
      );
      // Read before the transaction opens (on one connection, as PGlite has, a read of the pool inside it would wait).
      const boards = await Promise.all(
        moves.map((m, i) => boardOf(commands[i]!, ctx.decision.settings, withoutOne(plan, m.bookingId))),
      );
      const told: Effects[] = [];
      const bookings = await traced("change", "dispatch-all", () =>
        repo.transaction(async (tx) => {
          const done: Booking[] = [];
          for (const [i, move] of moves.entries()) {
            const { after, effects } = await changeIn(tx, { id: move.bookingId }, commands[i]!, actor, ctx, {
              version: move.expectedVersion,
              board: boards[i],
            });
            done.push(after);
            told.push(effects);
          }
          return done;
        }),
      );
      for (const effects of told) tell(effects);
      return bookings;
    },

    /** An admin deletes a booking: 404 for none; its history and e-mails outlive it. */
    async delete(id: string, actor: Actor): Promise<Booking> {
      const ctx = await contextOf();
      const { removed, effects } = await traced("delete", "delete", () =>
        repo.transaction(async (tx) => {
          const removed = await repo.remove(tx, id);
          if (!removed) throw new NotFound(MESSAGES.bookingNotFound);
          const effects = effectsOfDeletion(
            removed,
            actor,
            inLocale(ctx.effects(removed), await localeOf(tx, removed)),
          );
          await write(tx, effects);
          return { removed, effects };
        }),
      );
      tell(effects);
      return removed;
    },

    /**
     * A technician's record on a visit (a note, a tick, a photo, the signature): for its technician, an admin, or a
     * technician who had the job before; it writes only the record and its audit entry.
     */
    async record<B>(
      id: string,
      command: VisitRecordCommand,
      actor: Actor,
      request: IdempotentRequest,
    ): Promise<IdempotentOutcome<DataEnvelope<B>>> {
      let effects: Effects | null = null;
      const outcome = await traced("record", command.kind, () =>
        idempotency.run(request, async (tx): Promise<Outcome<DataEnvelope<B>>> => {
          const { booking } = await locked(tx, { id });
          const facts = await visitFacts(tx, booking, actor, "at" in command ? command.at : undefined, false);
          assertMayWork(actor, booking, "record", facts.wasAssigned);
          const { body, audited } = await writeVisitRecord(
            tx,
            { visits, images },
            booking,
            command,
            actor,
            facts.when.at,
          );
          effects = effectsOfRecord(booking, actor, command.kind === "tick" ? "checklist" : command.kind, audited);
          await write(tx, effects);
          // A tick changes a record that exists (the service's item); the others add one.
          return { status: command.kind === "tick" ? 200 : 201, body: { data: body as B } };
        }),
      );
      if (!outcome.replayed && effects) tell(effects);
      return outcome;
    },
  };
}

/** The plan of the other moves of an apply, as seen by one of them. */
const withoutOne = (plan: Plan, id: string): Plan => new Map([...plan].filter(([key]) => key !== id));

export type BookingExecutor = ReturnType<typeof bookingExecutor>;
