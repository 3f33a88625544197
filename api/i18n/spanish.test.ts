import assert from "node:assert/strict";
import type { ParsedMail } from "mailparser";
import type { Booking } from "../contracts/bookings/booking.ts";
import { MESSAGES } from "../contracts/common/messages.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import { customerLocale } from "../features/customers/locale.ts";
import { createMailTransport } from "../outbox/mail/transport.ts";
import { calendarOf, parseCalendar, parseMail, startTestSmtpServer, waitUntil, withWorker } from "../outbox/testing.ts";
import { silentLogger } from "../testing/log.ts";
import { createTestContext } from "../testing/context.ts";
import { bookingBody } from "../testing/fixtures.ts";

const toAddress = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

Deno.test(
  "a customer who books in Spanish gets Spanish e-mails and calendar files; the business stays English",
  async () => {
    const smtp = await startTestSmtpServer();
    const ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://book.clearflow.example" } });
    const transport = createMailTransport(ctx.config.mail, silentLogger);
    const { worker } = withWorker(ctx, transport);
    try {
      const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ locale: "es" }),
      });
      assert.equal(res.status, 201);
      const booking = res.body.data;
      assert.equal(await customerLocale(ctx.sql, booking.customerId!), "es");

      await waitUntil("two messages", () => smtp.received.length >= 2);
      const mails = await Promise.all(smtp.received.map(parseMail));
      const customer = mails.find((mail) => toAddress(mail) === booking.email)!;
      assert.equal(
        customer.subject,
        "Cita recibida: Limpieza de ductos de aire el martes, 3 de marzo de 2026 a las 9:00 a.m. (hora oriental)",
      );
      assert.ok(customer.text!.startsWith("Hola Dana:"));
      assert.ok(customer.text!.includes("Le llamaremos dentro de 24 horas para confirmar su cita."));
      assert.ok(customer.text!.includes("Política de cancelación: Avísenos con al menos 24 horas"));
      assert.ok(customer.html && customer.html.includes("Precio estimado"));

      const { event } = parseCalendar(calendarOf(customer)!);
      assert.equal(event.summary, `Limpieza de ductos de aire: ${ctx.config.profile.name}`);
      assert.match(event.description, /^Limpieza de ductos de aire, 2 unidad\(es\), precio estimado \$[\d,.]+\. /);
      assert.match(event.description, /Cambiar o cancelar: https:\/\/book\.clearflow\.example\//);

      const business = mails.find((mail) => toAddress(mail) === ctx.config.profile.email)!;
      assert.match(business.subject!, /^New booking: Dana Whitfield, Air Duct Cleaning on Tuesday, March 3, 2026/);
    } finally {
      await worker.stop();
      transport.close();
      await ctx.close();
      await smtp.close();
    }
  },
);

Deno.test("a booking sent without a language is English, and the customer record says so", async () => {
  const ctx = await createTestContext();
  try {
    const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
    assert.equal(res.status, 201);
    assert.equal(await customerLocale(ctx.sql, res.body.data.customerId!), "en");
    const refused = await ctx.request("POST", "/api/bookings", { body: bookingBody({ locale: "fr" }) });
    assert.equal(refused.status, 400);
  } finally {
    await ctx.close();
  }
});

Deno.test("a returning customer's record takes the language they last booked in", async () => {
  const ctx = await createTestContext();
  try {
    const book = async (locale: "en" | "es", cleaningTime: string) => {
      const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ locale, cleaningTime }),
      });
      assert.equal(res.status, 201);
      return res.body.data.customerId!;
    };
    const customerId = await book("en", "9:00 AM");
    assert.equal(await book("es", "10:00 AM"), customerId);
    assert.equal(await customerLocale(ctx.sql, customerId), "es");
    assert.equal(await book("en", "11:00 AM"), customerId);
    assert.equal(await customerLocale(ctx.sql, customerId), "en");
  } finally {
    await ctx.close();
  }
});

Deno.test("the API's refusals follow Accept-Language, and stay word for word in English otherwise", async () => {
  const ctx = await createTestContext();
  try {
    const saturday = bookingBody({ cleaningDate: "2026-03-07" });
    const spanish = await ctx.request("POST", "/api/bookings", {
      body: saturday,
      headers: { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" },
    });
    assert.equal(spanish.status, 422);
    assert.deepEqual(spanish.body, { message: "Lo sentimos, los sábados estamos cerrados. Por favor elija otro día." });

    const english = await ctx.request("POST", "/api/bookings", {
      body: saturday,
      headers: { "Accept-Language": "en-US,es;q=0.5" },
    });
    assert.deepEqual(english.body, { message: MESSAGES.saturdayClosed });

    const malformed = await ctx.request("POST", "/api/bookings", {
      rawBody: "{",
      headers: { "Content-Type": "application/json", "Accept-Language": "es" },
    });
    assert.equal(malformed.status, 400);
    assert.deepEqual(malformed.body, { message: "El cuerpo de la solicitud no es JSON válido" });
  } finally {
    await ctx.close();
  }
});
