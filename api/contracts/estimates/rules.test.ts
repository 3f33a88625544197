import assert from "node:assert/strict";
import type { Estimate } from "./estimate.ts";
import { approvedWorkOf, decideEstimate, depositOf, effectiveStatus, type EstimateAction } from "./rules.ts";

const NOW = new Date("2026-03-02T15:00:00.000Z");
const LATER = "2026-04-01T15:00:00.000Z";

const option = (_id: string, totalCents: number) => ({
  _id,
  title: _id,
  lines: [
    { description: "UV light", quantity: 1, unitPriceCents: totalCents, amountCents: totalCents, taxable: false },
  ],
  subtotalCents: totalCents,
  taxCents: 0,
  totalCents,
});

const estimate = (over: Partial<Estimate> = {}) =>
  ({
    _id: "e1",
    number: "E-1001",
    status: "sent",
    approvedOptionId: null,
    expiresAt: LATER,
    depositPercent: 0,
    options: [option("a", 10000), option("b", 25000)],
    ...over,
  }) as Estimate;

const approve = (optionId: string): EstimateAction => ({ kind: "approve", optionId });

Deno.test("a draft or sent estimate may be approved with any of its options", () => {
  for (const status of ["draft", "sent"] as const) {
    assert.deepEqual(decideEstimate(estimate({ status }), approve("b"), NOW), { outcome: "apply", status: "approved" });
  }
});

Deno.test("approving again with the same option changes nothing; another option conflicts", () => {
  const approved = estimate({ status: "approved", approvedOptionId: "a" });
  assert.deepEqual(decideEstimate(approved, approve("a"), NOW), { outcome: "same" });
  assert.equal(decideEstimate(approved, approve("b"), NOW).outcome, "conflict");
});

Deno.test("a declined estimate cannot be approved; declining it again changes nothing", () => {
  const declined = estimate({ status: "declined" });
  assert.equal(decideEstimate(declined, approve("a"), NOW).outcome, "conflict");
  assert.deepEqual(decideEstimate(declined, { kind: "decline" }, NOW), { outcome: "same" });
});

Deno.test("an approved estimate cannot be declined or sent again", () => {
  const approved = estimate({ status: "approved", approvedOptionId: "a" });
  assert.equal(decideEstimate(approved, { kind: "decline" }, NOW).outcome, "conflict");
  assert.equal(decideEstimate(approved, { kind: "send" }, NOW).outcome, "conflict");
});

Deno.test("past its expiry an open estimate is gone; what was decided before stays", () => {
  const expired = estimate({ expiresAt: NOW.toISOString() });
  assert.equal(effectiveStatus(expired, NOW), "expired", "expiry is at the instant, not after");
  for (const action of [approve("a"), { kind: "decline" } as const, { kind: "send" } as const]) {
    assert.equal(decideEstimate(expired, action, NOW).outcome, "gone", action.kind);
  }
  const approvedBefore = estimate({ status: "approved", approvedOptionId: "a", expiresAt: NOW.toISOString() });
  assert.equal(effectiveStatus(approvedBefore, NOW), "approved");
  assert.deepEqual(decideEstimate(approvedBefore, approve("a"), NOW), { outcome: "same" });
  // Signed on the tablet a minute before the expiry, arriving after it: the time of signing decides.
  const signedAt = new Date(NOW.getTime() - 60_000);
  assert.equal(decideEstimate(expired, approve("a"), signedAt).outcome, "apply");
});

Deno.test("an option the estimate does not have is refused as such, whatever the status", () => {
  assert.equal(decideEstimate(estimate(), approve("zzz"), NOW).outcome, "unknownOption");
  assert.equal(
    decideEstimate(estimate({ status: "approved", approvedOptionId: "a" }), approve("zzz"), NOW).outcome,
    "unknownOption",
  );
});

Deno.test("sending again keeps a sent estimate sent", () => {
  assert.deepEqual(decideEstimate(estimate({ status: "sent" }), { kind: "send" }, NOW), {
    outcome: "apply",
    status: "sent",
  });
});

Deno.test("the deposit is of the approved option, else of the first, rounded half-up", () => {
  assert.equal(depositOf(estimate({ depositPercent: 12.5 })), 1250);
  assert.equal(depositOf(estimate({ depositPercent: 12.5, approvedOptionId: "b" })), 3125);
  assert.equal(depositOf(estimate({ depositPercent: 0 })), 0);
});

Deno.test("approved work sums the approved options of approved estimates only", () => {
  const work = approvedWorkOf([
    estimate({ _id: "e1", status: "approved", approvedOptionId: "b" }),
    estimate({ _id: "e2", number: "E-1002", status: "sent" }),
    estimate({ _id: "e3", number: "E-1003", status: "approved", approvedOptionId: "a" }),
  ]);
  assert.equal(work.totalCents, 35000);
  assert.deepEqual(
    work.items.map((i) => [i.number, i.optionId, i.totalCents]),
    [
      ["E-1001", "b", 25000],
      ["E-1003", "a", 10000],
    ],
  );
});
