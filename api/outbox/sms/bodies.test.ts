import assert from "node:assert/strict";
import { countSegments } from "../../contracts/texts/segments.ts";
import { storedBooking } from "../../testing/fixtures.ts";
import {
  arrivalTimes,
  bookingConfirmationText,
  fitText,
  invoiceSentText,
  onMyWayText,
  paymentReceiptText,
  visitReminderText,
} from "./bodies.ts";

const LINK = "https://clearflow.example/t/AbCd2345";

Deno.test("a text fits in two segments: the opening words give way, the link and closing words stay whole", () => {
  const text = fitText("word ".repeat(120).trim(), LINK, "Reply STOP to opt out.");
  const count = countSegments(text);
  assert.equal(count.encoding, "GSM-7");
  assert.equal(count.segments, 2);
  assert.ok(text.endsWith(`... ${LINK}\nReply STOP to opt out.`), text);
});

Deno.test("a name with an emoji makes the text UCS-2, and it still fits in two segments", () => {
  const booking = storedBooking({ firstName: "Zoë" });
  const text = bookingConfirmationText(
    "Sparkle Ducts 🌟 of the Greater Charlotte Metropolitan Area",
    booking,
    "Air Duct Cleaning",
    LINK,
  );
  const count = countSegments(text);
  assert.equal(count.encoding, "UCS-2");
  assert.ok(count.segments <= 2, `${count.segments} segments: ${text}`);
  assert.ok(text.includes(LINK));
});

Deno.test("a short text is left as written", () => {
  assert.equal(fitText("Hello there.", LINK), `Hello there. ${LINK}`);
});

Deno.test(
  "on my way names the technician and a window a quarter hour to 45 minutes out, in the business's zone",
  () => {
    // 14:02 UTC is 9:02 AM in New York.
    const window = arrivalTimes(new Date("2026-03-03T14:02:00Z"), "America/New_York");
    assert.deepEqual(window, { from: "9:20 AM", until: "9:50 AM" });
    assert.equal(
      onMyWayText("ClearFlow", "Marco", window),
      "ClearFlow: Marco is on the way and should arrive between 9:20 AM and 9:50 AM.",
    );
  },
);

Deno.test("the confirmation's link ends its line: the closing words start the next one, apart from the link", () => {
  const text = bookingConfirmationText("ClearFlow", storedBooking(), "Air Duct Cleaning", LINK);
  assert.ok(text.includes(`See or change it: ${LINK}\nReply STOP to opt out, HELP for help.`), text);
  assert.ok(!text.includes(`${LINK} `), text);
});

Deno.test("a Spanish customer's texts are in Spanish, in GSM-7, with the carriers' keywords kept", () => {
  // Wednesday 4 March 2026, 9:00 AM.
  const booking = storedBooking();
  const texts = {
    confirmation: bookingConfirmationText("ClearFlow", booking, "Limpieza de ductos de aire", LINK, "es"),
    reminder: visitReminderText("ClearFlow", booking, "Limpieza de ductos de aire", LINK, "es"),
    onMyWay: onMyWayText(
      "ClearFlow",
      "Marco",
      arrivalTimes(new Date("2026-03-03T14:02:00Z"), "America/New_York", "es"),
      "es",
    ),
    invoice: invoiceSentText("ClearFlow", "INV-000001", 39_900, LINK, "es"),
    payment: paymentReceiptText("ClearFlow", 39_900, "INV-000001", LINK, "es"),
  };
  assert.equal(
    texts.confirmation,
    `ClearFlow: su cita de Limpieza de ductos de aire es el mié, 4 de mar a las 9:00 a.m. Vea o cambie su cita: ${LINK}\n` +
      "Responda STOP para darse de baja, HELP para ayuda.",
  );
  assert.equal(
    texts.reminder,
    `ClearFlow: le recordamos su cita de Limpieza de ductos de aire de mañana, mié, 4 de mar a las 9:00 a.m. ${LINK}\n` +
      "Responda C para confirmar, R para cambiar la fecha.",
  );
  assert.equal(texts.onMyWay, "ClearFlow: Marco va en camino y llega entre las 9:20 a.m. y las 9:50 a.m.");
  assert.equal(texts.invoice, `ClearFlow: vea su factura INV-000001 por $399.00: ${LINK}`);
  assert.equal(texts.payment, `ClearFlow: recibimos su pago de $399.00 de la factura INV-000001. ¡Gracias! ${LINK}`);
  for (const [name, text] of Object.entries(texts)) {
    assert.equal(countSegments(text).encoding, "GSM-7", `${name}: ${text}`);
  }
  // English as it was.
  assert.equal(
    visitReminderText("ClearFlow", booking, "Air Duct Cleaning", LINK),
    `ClearFlow: a reminder of your Air Duct Cleaning visit tomorrow, Wed, Mar 4 at 9:00 AM. ${LINK}\n` +
      "Reply C to confirm, R to reschedule.",
  );
});
