import assert from "node:assert/strict";
import { MESSAGES } from "../contracts/common/messages.ts";
import { dateProblemIn } from "../contracts/schedule/date-problems-in.ts";
import { DEFAULT_BOOKING_RULES } from "../contracts/schedule/rules.ts";
import { localizedError } from "./errors.ts";

Deno.test("the date field's fixed refusals say in Spanish what the API's catalog answers for them", () => {
  const pairs = [
    ["invalid", MESSAGES.invalidDate],
    ["too-soon", MESSAGES.tooSoon],
    ["saturday", MESSAGES.saturdayClosed],
  ] as const;
  for (const [problem, english] of pairs) {
    assert.equal(dateProblemIn("en", problem, DEFAULT_BOOKING_RULES, "2026-03-07"), english);
    assert.equal(dateProblemIn("es", problem, DEFAULT_BOOKING_RULES, "2026-03-07"), localizedError(english, "es"));
  }
});
