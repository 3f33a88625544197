import assert from "node:assert/strict";
import { formatMoney } from "./money.ts";

Deno.test("shows an amount as dollars with two decimals and a comma every three digits", () => {
  assert.equal(formatMoney(99), "$99.00");
  assert.equal(formatMoney(358.2), "$358.20");
  assert.equal(formatMoney(1047), "$1,047.00");
  assert.equal(formatMoney(1234567.891), "$1,234,567.89");
  assert.equal(formatMoney(0), "$0.00");
  assert.equal(formatMoney(-34.9), "-$34.90", "a minus before the dollar sign, not after it");
});
