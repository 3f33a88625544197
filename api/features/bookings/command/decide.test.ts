// The decision of a booking change is pure: these tests need no database, only a booking, a command and a moment.
import assert from "node:assert/strict";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import { storedBooking } from "../../../testing/fixtures.ts";
import { customerActor, staffActor } from "../../../contracts/common/actor.ts";
import { MESSAGES } from "../../../contracts/common/messages.ts";
import { DEFAULT_PROFILE } from "../../../contracts/settings/profile.ts";
import { initialSettings } from "../../../contracts/settings/settings.ts";
import { HttpError, NotFound } from "../../../errors.ts";
import type { CustomerFields } from "./commands.ts";
import { decideChange, type DecisionContext, type VisitFacts } from "./decide.ts";

/** Monday 2 March 2026, 10:00 in New York. */
const NOW = new Date("2026-03-02T15:00:00.000Z");
const ctx: DecisionContext = { settings: initialSettings(DEFAULT_PROFILE), businessTz: "America/New_York", now: NOW };

const ann = staffActor({
  _id: "a0000000-0000-4000-8000-000000000001",
  email: "ann@x.test",
  name: "Ann",
  role: "technician",
});
const office = staffActor({
  _id: "a0000000-0000-4000-8000-000000000002",
  email: "o@x.test",
  name: "Olga",
  role: "admin",
});

const booking = storedBooking;

/** What the office's edit form sends of a booking: its customer's fields, without prices or bookkeeping. */
function fieldsOf(b: Booking): CustomerFields {
  const { firstName, lastName, email, contactNumber, homeAddress, city, state, zip, furnaceOrUnit } = b;
  const { serviceType, unitCount, cleaningDate, cleaningTime, comment, timeZone } = b;
  return {
    ...{ firstName, lastName, email, contactNumber, homeAddress, city, state: state as "NC", zip, furnaceOrUnit },
    ...{ serviceType, unitCount, cleaningDate, cleaningTime, comment, timeZone },
  };
}

const facts = (over: Partial<VisitFacts> = {}): VisitFacts => ({
  when: { at: new Date("2026-03-04T14:05:00.000Z"), receivedAt: new Date("2026-03-04T14:05:00.000Z") },
  ...over,
});

/** The refusal a decision throws: its status and message. */
function refusal(decide: () => unknown): { status: number; message: string } {
  try {
    decide();
  } catch (error) {
    assert.ok(error instanceof HttpError, String(error));
    return { status: error.status, message: error.message };
  }
  assert.fail("the decision was not refused");
}

Deno.test("a customer's move to a Saturday is refused in New York time", () => {
  const saturday = refusal(() =>
    decideChange(
      booking(),
      { kind: "move", cleaningDate: "2026-03-07", cleaningTime: "9:00 AM" },
      customerActor(booking()),
      ctx,
    ),
  );
  assert.equal(saturday.status, 422);
  assert.equal(saturday.message, MESSAGES.saturdayClosed);
});

Deno.test("a customer's move asks for room in the new slot, goes back to pending and keeps the prices", () => {
  const { next, guards } = decideChange(
    booking(),
    { kind: "move", cleaningDate: "2026-03-05", cleaningTime: "2:00 PM" },
    customerActor(booking()),
    ctx,
  );
  assert.deepEqual(guards, {
    slot: { date: "2026-03-05", time: "2:00 PM" },
    technician: { id: ann.id, assigned: false },
  });
  assert.equal(next.status, "pending");
  assert.equal(next.estimatedPrice, 358.2);
});

Deno.test(
  "the terms of the link: nothing within 24 hours of the visit, nothing on a closed booking, not the same slot",
  () => {
    const tomorrow = booking({ cleaningDate: "2026-03-03", cleaningTime: "9:00 AM" });
    assert.deepEqual(
      refusal(() => decideChange(tomorrow, { kind: "cancel" }, customerActor(tomorrow), ctx)),
      {
        status: 422,
        message: MESSAGES.manageTooLate,
      },
    );
    const done = booking({ status: "completed" });
    assert.equal(
      refusal(() => decideChange(done, { kind: "cancel" }, customerActor(done), ctx)).message,
      MESSAGES.manageClosed,
    );
    const same = { kind: "move", cleaningDate: "2026-03-04", cleaningTime: "9:00 AM" } as const;
    assert.equal(
      refusal(() => decideChange(booking(), same, customerActor(booking()), ctx)).message,
      MESSAGES.manageSameSlot,
    );
  },
);

Deno.test("a cancelled booking taken back must find room in its slot again; a cancellation asks for nothing", () => {
  const cancelled = booking({ status: "cancelled" });
  const back = decideChange(cancelled, { kind: "status", status: "pending" }, office, ctx);
  assert.deepEqual(back.guards.slot, { date: "2026-03-04", time: "9:00 AM" });
  assert.deepEqual(back.guards.technician, { id: ann.id, assigned: false });
  assert.deepEqual(decideChange(booking(), { kind: "status", status: "cancelled" }, office, ctx).guards, {});
});

Deno.test("an edit of the units asks for a new price; one of the comment keeps the booked prices, asks nothing", () => {
  const more = decideChange(booking(), { kind: "edit", fields: { ...fieldsOf(booking()), unitCount: 4 } }, office, ctx);
  assert.deepEqual(more.guards, { reprice: { serviceType: "air-duct-cleaning", units: 4 } });
  const noted = decideChange(
    booking(),
    { kind: "edit", fields: { ...fieldsOf(booking()), comment: "Dog" } },
    office,
    ctx,
  );
  assert.deepEqual(noted.guards, {});
  assert.deepEqual([noted.next.estimatedPrice, noted.next.status], [358.2, "confirmed"]);
});

Deno.test("an assignment asks whether the new technician is free in that slot", () => {
  const ben = "a0000000-0000-4000-8000-000000000003";
  const { guards, next } = decideChange(booking(), { kind: "assign", technicianId: ben }, office, ctx);
  assert.deepEqual(guards, { technician: { id: ben, assigned: true } });
  assert.equal(next.technicianId, ben);
  assert.deepEqual(decideChange(booking(), { kind: "assign", technicianId: null }, office, ctx).guards, {});
});

Deno.test("a technician moves the visit forward only, never to the stage it is at", () => {
  const onSite = booking({ visitStage: "on_site" });
  const back = { kind: "stage", stage: "en_route" } as const;
  assert.deepEqual(
    refusal(() => decideChange(onSite, back, ann, ctx, facts())),
    {
      status: 409,
      message: MESSAGES.visitStageBackwards,
    },
  );
  const again = { kind: "stage", stage: "on_site" } as const;
  assert.equal(refusal(() => decideChange(onSite, again, ann, ctx, facts())).message, MESSAGES.visitStageSame);
  // The office may take it back; a completed visit reopens as confirmed.
  const completed = booking({ visitStage: "completed", status: "completed" });
  const reopened = decideChange(completed, back, office, ctx, facts()).next;
  assert.deepEqual([reopened.visitStage, reopened.status], ["en_route", "confirmed"]);
});

Deno.test("completing without the evidence: the technician is told what is missing, the office may override", () => {
  const missing = ["Inspect the blower", "an After photo"];
  const onSite = booking({ visitStage: "on_site" });
  const complete = { kind: "stage", stage: "completed", customerNotPresent: true } as const;
  assert.deepEqual(
    refusal(() => decideChange(onSite, complete, ann, ctx, facts({ missing }))),
    {
      status: 409,
      message: "Complete Job needs: Inspect the blower, an After photo",
    },
  );
  const done = decideChange(onSite, complete, office, ctx, facts({ missing }));
  assert.deepEqual(done.overridden, missing);
  assert.deepEqual(
    [done.next.status, done.next.visitStageAt, done.next.customerNotPresent],
    ["completed", "2026-03-04T14:05:00.000Z", true],
  );
});

Deno.test("a technician who lost the job is refused the stage in words; one who never had it learns nothing", () => {
  const ben = booking({ technicianId: "a0000000-0000-4000-8000-000000000003" });
  const start = { kind: "stage", stage: "en_route" } as const;
  const lost = refusal(() => decideChange(ben, start, ann, ctx, facts({ wasAssigned: true })));
  assert.deepEqual(lost, { status: 409, message: MESSAGES.jobReassigned });
  assert.throws(() => decideChange(ben, start, ann, ctx, facts({ wasAssigned: false })), NotFound);
  const cancelled = booking({ status: "cancelled" });
  assert.deepEqual(
    refusal(() => decideChange(cancelled, start, ann, ctx, facts())),
    {
      status: 409,
      message: MESSAGES.jobCancelled,
    },
  );
});
