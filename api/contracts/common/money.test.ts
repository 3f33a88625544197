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

Deno.test("writes every amount as Intl's en-US dollars would", () => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const amounts = [0, 0.01, 0.1, 0.5, 1, 9.99, 10, 99.5, 100, 999.99, 1000, 12345.67, 100000, 1000000, 987654321.01];
  for (const cents of [1, 7, 49, 50, 51, 199, 1999, 19900, 123456, 99999999]) amounts.push(cents / 100);
  for (const amount of amounts) {
    assert.equal(formatMoney(amount), usd.format(amount), String(amount));
    assert.equal(formatMoney(-amount), usd.format(-amount).replace(/^-\$0\.00$/, "$0.00"), String(-amount));
  }
});
