// What follows a change is decided with it, as data: these tests read it without a database.
import assert from "node:assert/strict";
import { storedBooking } from "../../../testing/fixtures.ts";
import { customerActor, staffActor } from "../../../contracts/common/actor.ts";
import { DEFAULT_PROFILE } from "../../../contracts/settings/profile.ts";
import { effectsOfChange, effectsOfDeletion, effectsOfRecord, type EffectsContext } from "./effects.ts";

const NOW = new Date("2026-03-02T15:00:00.000Z");
const ctx: EffectsContext = {
  now: NOW,
  businessTz: "America/New_York",
  context: { profile: DEFAULT_PROFILE, serviceTitle: "Air Duct Cleaning" },
};
const ben = "a0000000-0000-4000-8000-000000000003";
const office = staffActor({
  _id: "a0000000-0000-4000-8000-000000000002",
  email: "o@x.test",
  name: "Olga",
  role: "admin",
});

const booking = storedBooking;

Deno.test("a customer's cancellation: audited as theirs, e-mailed with a copy to the office, reminders follow", () => {
  const before = booking();
  const after = booking({ status: "cancelled", version: 4 });
  const actor = customerActor(before);
  const effects = effectsOfChange(before, after, { kind: "cancel" }, actor, "t".repeat(64), ctx, {
    newTechnician: null,
  });
  assert.deepEqual(
    effects.audit.map((a) => [a.action, a.actor.kind, a.actor.email]),
    [["status", "customer", "dana.whitfield@example.com"]],
  );
  assert.deepEqual(
    effects.outbox.map((o) => o.kind),
    ["booking-changed", "reminders", "staff-push"],
  );
  const [changed] = effects.outbox;
  assert.ok(
    changed?.kind === "booking-changed" && changed.change.kind === "cancelled" && changed.change.by === "customer",
  );
  assert.deepEqual(effects.live, [{ event: "bookingUpdated", booking: after, toTechnician: true }]);
});

Deno.test("a reassignment tells the technician who lost the job, the one who got it, then the office", () => {
  const before = booking();
  const after = booking({ technicianId: ben, technicianName: "Ben", version: 4 });
  const command = { kind: "assign", technicianId: ben } as const;
  const newTechnician = { name: "Ben", email: "ben@x.test" };
  const effects = effectsOfChange(before, after, command, office, "t".repeat(64), ctx, { newTechnician });
  assert.deepEqual(
    effects.live.map((e) => e.event),
    ["jobUnassigned", "jobAssigned", "bookingUpdated"],
  );
  assert.deepEqual(effects.live[2], { event: "bookingUpdated", booking: after, toTechnician: false });
  // Two days ahead: the new technician is e-mailed too, in case they do not open the app.
  assert.ok(effects.outbox.some((o) => o.kind === "job-assigned" && o.technician.email === "ben@x.test"));
});

Deno.test("an assignment weeks ahead is not e-mailed to the technician: the app tells them", () => {
  const before = booking({ cleaningDate: "2026-04-15" });
  const after = booking({ cleaningDate: "2026-04-15", technicianId: ben, version: 4 });
  const newTechnician = { name: "Ben", email: "ben@x.test" };
  const effects = effectsOfChange(before, after, { kind: "assign", technicianId: ben }, office, "t", ctx, {
    newTechnician,
  });
  assert.ok(!effects.outbox.some((o) => o.kind === "job-assigned"));
});

Deno.test("a note is a record: audited, told live, and nothing is sent or re-planned", () => {
  const effects = effectsOfRecord(booking(), office, "note", { note: "Lint behind the dryer" });
  assert.deepEqual(effects.outbox, []);
  assert.deepEqual(
    effects.audit.map((a) => [a.action, a.after]),
    [["note", { note: "Lint behind the dryer" }]],
  );
  assert.deepEqual(
    effects.live.map((e) => e.event),
    ["bookingUpdated"],
  );
});

Deno.test(
  "deleting a visit still to come cancels it by e-mail; deleting a past one sends nothing to the customer",
  () => {
    const coming = effectsOfDeletion(booking(), office, ctx);
    assert.ok(coming.outbox.some((o) => o.kind === "booking-changed" && o.change.kind === "cancelled"));
    assert.deepEqual(
      coming.live.map((e) => e.event),
      ["bookingDeleted", "jobUnassigned"],
    );
    const past = effectsOfDeletion(booking({ cleaningDate: "2026-02-27" }), office, ctx);
    assert.ok(!past.outbox.some((o) => o.kind === "booking-changed"));
    assert.deepEqual(
      past.audit.map((a) => [a.action, a.after]),
      [["delete", null]],
    );
  },
);
