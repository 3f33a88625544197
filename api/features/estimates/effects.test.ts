import assert from "node:assert/strict";
import { customerActor } from "../../contracts/common/actor.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import { DEFAULT_PROFILE } from "../../contracts/settings/profile.ts";
import { auditView, effectsOfApproval, effectsOfDecline, effectsOfSending } from "./effects.ts";
import type { EstimateBooking } from "./repo.ts";

const booking: EstimateBooking = {
  _id: "b1",
  firstName: "Dana",
  lastName: "Whitfield",
  email: "dana@example.com",
  address: "1200 East Blvd, Charlotte, NC 28203",
  serviceType: "air-duct-cleaning",
  unitCount: 2,
  originalPrice: 398,
  discountAmount: 39.8,
  status: "confirmed",
  visitStage: "on_site",
  technicianId: "t1",
  createdAt: new Date("2026-03-01T00:00:00.000Z"),
  locale: "en",
};
const before = {
  _id: "e1",
  number: "E-1001",
  bookingId: "b1",
  status: "sent",
  options: [{ _id: "o1", title: "Good", lines: [], subtotalCents: 100, taxCents: 0, totalCents: 100 }],
  approvedOptionId: null,
  approval: null,
  decline: null,
  token: "secret-token",
} as unknown as Estimate;
const after = { ...before, status: "approved", approvedOptionId: "o1" } as Estimate;
const ctx = { profile: DEFAULT_PROFILE, url: "https://x/estimates/secret-token" };
const customer = customerActor(booking);

Deno.test("an approval is audited with its actor, copies the customer with the PDF, tells the office", () => {
  const effects = effectsOfApproval(before, after, booking, customer, { ...ctx, pdf: "JVBERi0=" });
  assert.equal(effects.audit.length, 1);
  assert.equal(effects.audit[0]!.action, "approve");
  assert.equal(effects.audit[0]!.actor, customer);
  assert.deepEqual(
    effects.outbox.map((o) => o.kind),
    ["estimate-approved"],
  );
  const [order] = effects.outbox;
  assert.ok(order && order.kind === "estimate-approved");
  assert.equal(order.pdf, "JVBERi0=");
  assert.equal(order.mail.customer.email, "dana@example.com");
  assert.deepEqual(effects.live, [
    { event: "estimateApproved", payload: { estimate: after, customerName: "Dana Whitfield" } },
  ]);
});

Deno.test("the audit trail never keeps the customer's token", () => {
  assert.equal(JSON.stringify(auditView(after)).includes("secret-token"), false);
  const sent = effectsOfSending(before, before, booking, customer, ctx);
  assert.equal(JSON.stringify(sent.audit).includes("secret-token"), false);
  assert.equal(sent.outbox[0]!.kind, "estimate-sent");
});

Deno.test("a decline is audited and sends nothing", () => {
  const effects = effectsOfDecline(before, { ...before, status: "declined" }, customer);
  assert.deepEqual([effects.audit.length, effects.outbox.length, effects.live.length], [1, 0, 0]);
});
