import assert from "node:assert/strict";
import { addMonths, dueDates, memberDiscountCents, memberDiscountLabel, proratedRefund } from "./plan.ts";

Deno.test("a plan's due dates: every so many months from the start, on the month's last day when it is shorter", () => {
  assert.equal(addMonths("2026-01-31", 1), "2026-02-28");
  assert.equal(addMonths("2028-01-31", 1), "2028-02-29");
  assert.equal(addMonths("2026-11-30", 12), "2027-11-30");
  assert.deepEqual(dueDates("2026-03-10", 6, "2027-03-10"), ["2026-03-10", "2026-09-10", "2027-03-10"]);
  assert.deepEqual(dueDates("2026-03-10", 12, "2026-03-09"), [], "nothing before the start");
});

Deno.test("the member discount: a whole cent of the work, named with the plan and percent", () => {
  assert.equal(memberDiscountCents(35820, 15), 5373);
  assert.equal(memberDiscountCents(0, 15), 0);
  assert.equal(memberDiscountCents(-100, 15), 0, "no discount on a credit");
  assert.equal(memberDiscountLabel("Clean Air Club", 15), "Clean Air Club member −15 %");
});

Deno.test("a refund on cancelling at once: the days after today, rounded down to the cent", () => {
  const march = { start: "2026-03-01", end: "2026-04-01" };
  // 31 days; the 10th used: 21 unused. 1900 × 21 ÷ 31 = 1287.09…
  assert.deepEqual(proratedRefund(1900, march, "2026-03-10"), { cents: 1287, unusedDays: 21, days: 31 });
  assert.deepEqual(proratedRefund(1900, march, "2026-03-01"), { cents: 1838, unusedDays: 30, days: 31 });
  assert.deepEqual(proratedRefund(1900, march, "2026-03-31"), { cents: 0, unusedDays: 0, days: 31 });
  assert.deepEqual(proratedRefund(1900, march, "2026-04-05"), { cents: 0, unusedDays: 0, days: 31 }, "after it");
  assert.deepEqual(proratedRefund(1900, march, "2026-02-20"), { cents: 1900, unusedDays: 31, days: 31 }, "before it");
  assert.equal(proratedRefund(0, march, "2026-03-10").cents, 0, "nothing paid, nothing back");
});
