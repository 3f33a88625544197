import assert from "node:assert/strict";
import { defineMessages } from "../contracts/i18n/messages.ts";
import { translator } from "./translator.ts";

// A message of the test's own: the catalog's ids change with the e-mails, this one does not.
const sample = defineMessages({
  visits: { id: "test.visits", defaultMessage: "{count, plural, one {# visit} other {# visits}}" },
  on: { id: "test.on", defaultMessage: "Booked for {day, date, long} at {day, time, short}" },
});

Deno.test("English is the message's own text, with ICU plurals", () => {
  assert.equal(translator("en").t(sample.visits, { count: 1 }), "1 visit");
  assert.equal(translator("en").t(sample.visits, { count: 3 }), "3 visits");
});

Deno.test("dates are written in the language, in the business's time zone", () => {
  const instant = new Date("2026-12-01T03:30:00.000Z"); // 22:30 on 30 November in Charlotte
  const options = { weekday: "long", month: "long", day: "numeric" } as const;
  assert.equal(translator("en").intl.formatDate(instant, options), "Monday, November 30");
  assert.equal(translator("es").intl.formatDate(instant, options), "lunes, 30 de noviembre");
});

Deno.test("a message's own date and time arguments are written in the business's time zone", () => {
  const instant = new Date("2026-12-01T03:30:00.000Z"); // 22:30 on 30 November in Charlotte
  // ICU puts a space or a narrow no-break space before PM, by version.
  assert.match(
    translator("en").t(sample.on, { day: instant.getTime() }),
    /^Booked for November 30, 2026 at 10:30\sPM$/,
  );
  assert.match(
    translator("en", "America/Los_Angeles").t(sample.on, { day: instant.getTime() }),
    /^Booked for November 30, 2026 at 7:30\sPM$/,
  );
});
