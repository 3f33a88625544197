import assert from "node:assert/strict";
import { defineMessages } from "../contracts/i18n/messages.ts";
import { translator } from "./translator.ts";
import { clockIn, slotHourIn, slotIn } from "./times.ts";

Deno.test(
  "a Spanish message writes a time as es-US does (9:00 a.m.), an English one as the booking form (9:00 AM)",
  () => {
    assert.equal(slotIn("es", "9:00 AM"), "9:00 a.m.");
    assert.equal(slotIn("es", "12:00 PM"), "12:00 p.m.");
    assert.equal(slotIn("es", "3:00 PM"), "3:00 p.m.");
    assert.equal(slotHourIn("es", 11), "11:00 a.m.");
    assert.equal(slotHourIn("es", 13), "1:00 p.m.");
    // English word for word, as the spec's slots are labelled.
    assert.equal(slotIn("en", "9:00 AM"), "9:00 AM");
    assert.equal(slotHourIn("en", 11), "11:00 AM");
    assert.equal(slotHourIn("en", 13), "1:00 PM");
    // 14:02 UTC is 9:02 in New York; plain spaces only (a text's GSM-7 alphabet has no no-break space).
    const at = new Date("2026-03-03T14:02:00Z");
    assert.equal(clockIn("es", at, "America/New_York"), "9:02 a.m.");
    assert.equal(clockIn("en", at, "America/New_York"), "9:02 AM");
    assert.ok(!/[\u00a0\u202f]/.test(clockIn("es", at, "America/New_York") + clockIn("en", at, "America/New_York")));
    // A label that is no slot stays as it is.
    assert.equal(slotIn("es", "morning"), "morning");
  },
);

Deno.test("a Spanish sentence that ends on a time ends on the abbreviation's own period", () => {
  // A message of the test's own, as the catalog's may change.
  const sample = defineMessages({ ends: { id: "test.ends", defaultMessage: "Su cita es el {when}. Gracias." } });
  const { t } = translator("es");
  assert.equal(
    t(sample.ends, { when: `mié a las ${slotIn("es", "9:00 AM")}` }),
    "Su cita es el mié a las 9:00 a.m. Gracias.",
  );
  assert.equal(t(sample.ends, { when: "mié a las 3:00 p. m." }), "Su cita es el mié a las 3:00 p. m. Gracias.");
});
