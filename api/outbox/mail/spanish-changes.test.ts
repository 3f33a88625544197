import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { memoryTransport, parseCalendar, waitUntil, withWorker } from "../testing.ts";
import type { OutgoingMessage } from "./compose.ts";

// TEST_NOW is Monday 2 March 2026, 10:00 in New York. Reminders 72 hours ahead with no gap after booking, as the e2e
// site has them: a visit on Wednesday is reminded at once, by the worker, which renders the e-mail when it sends it.
const WEDNESDAY = "2026-03-04";
const THURSDAY = "2026-03-05";

const icsOf = (mail: OutgoingMessage) => mail.attachments?.find((a) => a.contentType.startsWith("text/calendar"));

Deno.test(
  "a change of a Spanish customer's booking is told in Spanish (e-mails, calendar file, the reminder the worker renders); an English customer's in English",
  async () => {
    const ctx = await createTestContext({ env: { REMINDER_HOURS: "72", REMINDER_MIN_GAP_HOURS: "0" } });
    const transport = memoryTransport();
    const { worker, allSent } = withWorker(ctx, transport);
    const book = async (email: string, locale: "en" | "es", cleaningTime: string) => {
      const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ email, locale, cleaningDate: WEDNESDAY, cleaningTime }),
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const [row] = await ctx.sql<{ manage_token: string }[]>`
        select manage_token from bookings where id = ${res.body.data._id}`;
      return { booking: res.body.data, token: row!.manage_token };
    };
    const to = (email: string) => transport.sent.filter((m) => m.to.address === email);
    const subjectsTo = (email: string) => to(email).map((m) => m.subject);
    const mailTo = (email: string, prefix: string) => {
      const found = to(email).find((m) => m.subject.startsWith(prefix));
      assert.ok(found, `${prefix} to ${email} among ${JSON.stringify(subjectsTo(email))}`);
      return found;
    };
    try {
      const es = await book("rosa@example.com", "es", "9:00 AM");
      const en = await book("ruth@example.com", "en", "11:00 AM");
      for (const { booking } of [es, en]) {
        const res = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, { body: { status: "confirmed" } });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      // The worker reminds both Wednesday visits in a pass of its own: both reminders out before the visits move.
      await waitUntil(
        "both reminders sent",
        () =>
          subjectsTo(es.booking.email).some((s) => s.startsWith("Recordatorio:")) &&
          subjectsTo(en.booking.email).some((s) => s.startsWith("Reminder:")),
      );
      for (const { token } of [es, en]) {
        const res = await ctx.request("PUT", `/api/manage/${token}`, {
          body: { cleaningDate: THURSDAY, cleaningTime: "3:00 PM" },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      await waitUntil("every e-mail sent", allSent);

      const confirmed = mailTo(es.booking.email, "Cita confirmada:");
      assert.equal(
        confirmed.subject,
        "Cita confirmada: Limpieza de ductos de aire el miércoles, 4 de marzo de 2026 a las 9:00 a.m. (hora oriental)",
      );
      assert.ok(confirmed.text.startsWith("Hola Dana:"), confirmed.text);
      assert.ok(
        confirmed.text.includes(
          "Su cita está confirmada. Lo esperamos el miércoles, 4 de marzo de 2026 a las 9:00 a.m. (hora oriental).",
        ),
      );
      assert.ok(confirmed.text.includes("Política de cancelación: Avísenos con al menos 24 horas"));

      const moved = mailTo(es.booking.email, "Cita cambiada de fecha:");
      assert.ok(
        moved.text.includes(
          "Su cita cambió del miércoles, 4 de marzo de 2026 a las 9:00 a.m. (hora oriental) al jueves, 5 de marzo de 2026 a las 3:00 p.m. (hora oriental).",
        ),
        moved.text,
      );
      const { event } = parseCalendar(icsOf(moved)!.content);
      assert.equal(event.summary, `Limpieza de ductos de aire: ${ctx.config.profile.name}`);
      assert.match(event.description, /^Limpieza de ductos de aire, 2 unidad\(es\), precio estimado \$[\d,.]+\. /);
      assert.match(event.description, /Cambiar o cancelar: /);

      // The reminder, rendered by the worker when it sent it (an order holds no text).
      const reminder = mailTo(
        es.booking.email,
        "Recordatorio: Limpieza de ductos de aire el miércoles, 4 de marzo de 2026 a las 9:00 a.m. (hora oriental)",
      );
      assert.ok(reminder.text.includes(`Un recordatorio de su visita de ${ctx.config.profile.name}:`));

      assert.equal(
        mailTo(en.booking.email, "Appointment confirmed:").subject,
        "Appointment confirmed: Air Duct Cleaning on Wednesday, March 4, 2026 at 11:00 AM Eastern Time",
      );
      const enMoved = mailTo(en.booking.email, "Appointment moved:");
      assert.ok(enMoved.text.startsWith("Hello Dana,"));
      assert.ok(enMoved.text.includes("Your appointment has moved from Wednesday, March 4, 2026 at 11:00 AM"));
      assert.equal(
        parseCalendar(icsOf(enMoved)!.content).event.summary,
        `Air Duct Cleaning: ${ctx.config.profile.name}`,
      );
      assert.ok(mailTo(en.booking.email, "Reminder: Air Duct Cleaning on Wednesday, March 4, 2026 at 11:00 AM"));

      // The business inbox hears of the customer's move in English whatever the customer reads.
      const office = transport.sent.filter((m) => m.to.address === ctx.config.profile.email);
      assert.ok(office.some((m) => m.subject.startsWith("Booking rescheduled: Dana Whitfield, Air Duct Cleaning on")));
      assert.ok(office.every((m) => !m.text.includes("Servicio")));

      for (const { token } of [es, en]) {
        const res = await ctx.request("POST", `/api/manage/${token}/cancel`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
      await waitUntil("the cancellations sent", allSent);
      const cancelled = mailTo(es.booking.email, "Cita cancelada:");
      assert.ok(
        cancelled.text.includes(
          "Su cita del jueves, 5 de marzo de 2026 a las 3:00 p.m. (hora oriental) fue cancelada.",
        ),
      );
      assert.ok(cancelled.text.includes("El archivo de calendario adjunto quita la visita de su calendario."));
      assert.ok(mailTo(en.booking.email, "Appointment cancelled:").text.includes("has been cancelled."));
    } finally {
      await worker.stop();
      await ctx.close();
    }
  },
);
