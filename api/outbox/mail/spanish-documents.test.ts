import assert from "node:assert/strict";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import type { Estimate } from "../../contracts/estimates/estimate.ts";
import type { Invoice } from "../../contracts/invoices/invoice.ts";
import type { Plan } from "../../contracts/plans/plan.ts";
import { startStripePeer, stripeEnv } from "../../testing/stripe-peer.ts";
import { createTestContext } from "../../testing/context.ts";
import { newBooking } from "../../testing/estimates.ts";
import { testConfig } from "../../testing/context.ts";
import type { MembershipMail } from "../orders.ts";
import { membershipMail } from "./membership-templates.ts";
import { ratingRequest } from "./portal-templates.ts";
import { bookingRestored, rebookReminder, type ServiceReport, serviceReport, technicianOnTheWay } from "./templates.ts";
import { storedBooking } from "../../testing/fixtures.ts";

/** The customer's e-mails of one kind as the outbox holds them: subject and text. */
async function mailsTo(ctx: Awaited<ReturnType<typeof createTestContext>>, email: string, kind: string) {
  const rows = await ctx.sql<{ subject: string; text: string }[]>`
    select subject, message->>'text' as text from outbox where to_address = ${email} and kind = ${kind} order by seq`;
  assert.equal(rows.length, 1, `one ${kind} to ${email}`);
  return rows[0]!;
}

Deno.test(
  "estimate, invoice, receipt, refund and sign-in e-mails are in the customer's language, subject and body",
  async (t) => {
    const ctx = await createTestContext();
    const business = ctx.config.profile.name;
    /** One customer's documents from booking to refund, and their sign-in link. */
    const documents = async (email: string, locale: "en" | "es") => {
      const bookingId = await newBooking(ctx, { email, locale });
      const created = await ctx.asAdmin<DataEnvelope<Estimate>>("POST", "/api/estimates", {
        body: {
          bookingId,
          options: [
            { title: "Basic", lines: [{ description: "Vent", quantity: 1, unitPriceCents: 10_000, taxable: false }] },
            { title: "Full", lines: [{ description: "Ducts", quantity: 1, unitPriceCents: 30_000, taxable: false }] },
          ],
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const estimate = created.body.data;
      assert.equal((await ctx.asAdmin("POST", `/api/estimates/${estimate._id}/send`, { body: {} })).status, 200);
      const approved = await ctx.request("POST", `/api/estimates/by-token/${estimate.token}/approve`, {
        body: { optionId: estimate.options[1]!._id, signedBy: "Dana Whitfield" },
      });
      assert.equal(approved.status, 200, JSON.stringify(approved.body));
      const made = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/bookings/${bookingId}/invoice`);
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const invoice = made.body.data;
      assert.equal((await ctx.asAdmin("POST", `/api/invoices/${invoice._id}/send`, { body: {} })).status, 200);
      const paid = await ctx.asAdmin<DataEnvelope<Invoice>>("POST", `/api/invoices/${invoice._id}/payments`, {
        body: { method: "cash", amountCents: 5_000 },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      });
      assert.equal(paid.status, 201, JSON.stringify(paid.body));
      const refunded = await ctx.asAdmin("POST", `/api/payments/${paid.body.data.payments[0]!._id}/refunds`, {
        body: { amountCents: 1_000, reason: "Goodwill" },
      });
      assert.equal(refunded.status, 201, JSON.stringify(refunded.body));
      const signIn = await ctx.request("POST", "/api/portal/sign-in", { body: { email } });
      assert.equal(signIn.status, 202);
      return { estimate, invoice };
    };

    try {
      await t.step("a customer who booked in Spanish", async () => {
        const email = "rosa@example.com";
        const { estimate, invoice } = await documents(email, "es");

        const sent = await mailsTo(ctx, email, "estimate-sent");
        assert.equal(sent.subject, `Su presupuesto ${estimate.number} de ${business}`);
        assert.ok(sent.text.startsWith("Hola Dana:"), sent.text);
        assert.ok(
          sent.text.includes(`Aquí está el presupuesto ${estimate.number} de ${business}, con 2 opciones para elegir.`),
        );
        assert.match(sent.text, /El presupuesto es válido hasta el \d{1,2} de [a-z]+ de \d{4}\./);
        assert.ok(sent.text.includes("Ver, aprobar o rechazar su presupuesto: "));

        const approved = await mailsTo(ctx, email, "estimate-approved");
        assert.equal(approved.subject, `Aprobado: presupuesto ${estimate.number} de ${business}`);
        assert.ok(approved.text.includes("Opción aprobada: Full"));
        assert.ok(approved.text.includes("El presupuesto va adjunto en PDF."));

        const invoiceSent = await mailsTo(ctx, email, "invoice-sent");
        assert.equal(invoiceSent.subject, `Factura ${invoice.number} de ${business}`);
        assert.ok(invoiceSent.text.includes("Saldo pendiente: $"));
        assert.match(invoiceSent.text, /Vence: \d{1,2} de [a-z]+ de \d{4}/);

        const receipt = await mailsTo(ctx, email, "payment-receipt");
        assert.equal(receipt.subject, `Recibo: $50.00 de la factura ${invoice.number}`);
        assert.ok(receipt.text.includes("Recibimos su pago de $50.00. Gracias."));
        assert.ok(receipt.text.includes("Forma de pago: Efectivo"));

        const refund = await mailsTo(ctx, email, "refund-receipt");
        assert.equal(refund.subject, `Reembolso: $10.00 de la factura ${invoice.number}`);
        assert.ok(refund.text.includes("Se le devuelve en efectivo."));
        assert.ok(refund.text.includes("Motivo: Goodwill"), "the office's words as written");

        const signIn = await mailsTo(ctx, email, "portal-sign-in");
        assert.equal(signIn.subject, `Su enlace para entrar a ${business}`);
        assert.ok(signIn.text.startsWith("Hola:"));
        assert.match(signIn.text, /El enlace funciona una sola vez, hasta las \d{1,2}:\d{2} [ap]\.m\.$/m);
      });

      await t.step("a customer who booked in English gets them as before", async () => {
        const email = "ruth@example.com";
        const { estimate, invoice } = await documents(email, "en");
        const sent = await mailsTo(ctx, email, "estimate-sent");
        assert.equal(sent.subject, `Your estimate ${estimate.number} from ${business}`);
        assert.ok(sent.text.startsWith("Hello Dana,"));
        assert.ok(
          sent.text.includes(`Here is estimate ${estimate.number} from ${business}, with 2 options to choose from.`),
        );
        assert.match(sent.text, /The estimate is valid until [A-Z][a-z]+ \d{1,2}, \d{4}\./);
        assert.equal(
          (await mailsTo(ctx, email, "estimate-approved")).subject,
          `Approved: estimate ${estimate.number} from ${business}`,
        );
        assert.equal((await mailsTo(ctx, email, "invoice-sent")).subject, `Invoice ${invoice.number} from ${business}`);
        const receipt = await mailsTo(ctx, email, "payment-receipt");
        assert.equal(receipt.subject, `Receipt: $50.00 for invoice ${invoice.number}`);
        assert.ok(receipt.text.includes("Method: Cash"));
        const refund = await mailsTo(ctx, email, "refund-receipt");
        assert.equal(refund.subject, `Refund: $10.00 for invoice ${invoice.number}`);
        assert.ok(refund.text.includes("It is given back by cash."));
        const signIn = await mailsTo(ctx, email, "portal-sign-in");
        assert.equal(signIn.subject, `Your sign-in link for ${business}`);
        assert.match(signIn.text, /The link works once, until \d{1,2}:\d{2} [AP]M\./);
      });
    } finally {
      await ctx.close();
    }
  },
);

Deno.test("a membership's e-mails are in the customer's language, subject and body", () => {
  const ctx = { profile: testConfig().profile, now: new Date("2026-03-02T15:00:00Z") };
  const base: Omit<MembershipMail, "template"> = {
    customer: { name: "Rosa Díaz", email: "rosa@example.com" },
    planName: "Clean Air Club",
    url: "https://book.clearflow.example/portal",
    invoice: { number: "PLN-000001", amountCents: 9_900, periodStart: "2026-03-01", periodEnd: "2027-02-28" },
    visit: { serviceTitle: "Limpieza de ductos de aire", dueDate: "2026-09-01", bookingId: crypto.randomUUID() },
  };
  const es = (template: MembershipMail["template"]) => membershipMail({ ...base, template, locale: "es" }, ctx);
  const en = (template: MembershipMail["template"]) => membershipMail({ ...base, template }, ctx);

  assert.equal(es("join").subject, `Únase a Clean Air Club de ${ctx.profile.name}`);
  assert.ok(es("join").text.startsWith("Hola Rosa:"));
  assert.ok(es("join").text.includes("Unirse y pagar con tarjeta: https://book.clearflow.example/portal"));
  assert.equal(es("receipt").subject, "Recibo de Clean Air Club: PLN-000001");
  assert.ok(es("receipt").text.includes("Período: del 1 de marzo de 2026 al 28 de febrero de 2027"));
  assert.equal(es("past-due").subject, "La renovación de Clean Air Club no se pudo cobrar");
  assert.equal(es("visit-due").subject, "Es hora de su Limpieza de ductos de aire: elija un horario");
  assert.ok(es("visit-due").text.includes("le toca el 1 de septiembre de 2026."));

  assert.equal(en("join").subject, `Join Clean Air Club at ${ctx.profile.name}`);
  assert.ok(en("join").text.startsWith("Hello Rosa,"));
  assert.ok(en("receipt").text.includes("Period: March 1, 2026 to February 28, 2027"));
  assert.equal(en("past-due").subject, "Your Clean Air Club renewal did not go through");
  assert.ok(en("visit-due").text.includes("and due on September 1, 2026."));
});

Deno.test(
  "on the way, the service report, the rating request and the rebook reminder in the customer's language",
  () => {
    const booking = storedBooking({ technicianName: "Marco Alvarez" });
    const profile = testConfig().profile;
    const es = {
      profile,
      now: new Date(),
      locale: "es" as const,
      serviceTitle: "Air Duct Cleaning",
      serviceTitleEs: "Limpieza de ductos de aire",
    };
    const en = { ...es, locale: "en" as const };
    const report: ServiceReport = {
      technicianName: "Marco Alvarez",
      began: "2026-03-04T14:05:00Z",
      ended: "2026-03-04T16:10:00Z",
      checklist: [
        { label: "Registers cleaned", done: true },
        { label: "Trunk line cleaned", done: false },
      ],
      notes: [{ text: "Filtro sucio", by: "Marco Alvarez" }],
      photos: [{ filename: "before.jpg", contentType: "image/jpeg", base64: "AA==" }],
      photosNotAttached: 2,
      signature: null,
      customerNotPresent: true,
      bookAgainUrl: "https://book.clearflow.example/booking",
    };
    const links = {
      bookAgainUrl: "https://x.example/b",
      unsubscribeUrl: "https://x.example/u",
      apiUnsubscribeUrl: "https://x.example/api/u",
    };

    const restored = bookingRestored(booking, "https://x.example/m", es);
    assert.match(restored.subject, /^Cita restablecida: Limpieza de ductos de aire el miércoles, 4 de marzo de 2026/);
    assert.ok(restored.text.includes("Su cita está agendada de nuevo. Lo esperamos el miércoles, 4 de marzo de 2026"));
    assert.ok(restored.text.includes("El archivo de calendario adjunto vuelve a poner la visita en su calendario."));
    assert.ok(restored.ics!.content.includes("SUMMARY:Limpieza de ductos de aire"));
    assert.match(
      bookingRestored(booking, "https://x.example/m", en).subject,
      /^Appointment restored: Air Duct Cleaning on /,
    );

    const onTheWay = technicianOnTheWay(booking, "Marco Alvarez", es);
    assert.equal(onTheWay.subject, "Marco va en camino");
    assert.ok(
      onTheWay.text.includes(
        `Marco, de ${profile.name}, va en camino para su Limpieza de ductos de aire; llega entre las 9:00 a.m. y las 11:00 a.m.`,
      ),
      onTheWay.text,
    );
    assert.equal(technicianOnTheWay(booking, "Marco Alvarez", en).subject, "Marco is on the way");
    assert.ok(technicianOnTheWay(booking, "Marco Alvarez", en).text.includes("expected between 9:00 AM and 11:00 AM."));

    const sent = serviceReport(booking, report, es);
    assert.equal(sent.subject, "El informe de su visita: Limpieza de ductos de aire");
    assert.ok(
      sent.text.includes("Marco Alvarez terminó su Limpieza de ductos de aire. Aquí está el informe de la visita."),
    );
    assert.ok(sent.text.includes("Visita: miércoles, 4 de marzo de 2026 a las 9:00 a.m. (hora oriental)"), sent.text);
    assert.ok(sent.text.includes("Lista de tareas:\n[x] Registers cleaned\n[ ] Trunk line cleaned (no se hizo)"));
    assert.ok(sent.text.includes("Adjuntas: 1 foto de Antes/Después (2 más quedan en nuestro archivo)."));
    assert.ok(sent.text.includes("Usted no estaba presente para firmar"));
    const english = serviceReport(booking, report, en);
    assert.equal(english.subject, "Your service report: Air Duct Cleaning");
    assert.ok(english.text.includes("Attached: 1 before/after photo (2 more are on file with us)."));
    assert.ok(english.text.includes("[ ] Trunk line cleaned (not done)"));

    const rating = ratingRequest(booking, { urlFor: (stars) => `https://x.example/r/${stars}` }, es);
    assert.equal(rating.subject, "¿Cómo lo hicimos? Su Limpieza de ductos de aire");
    assert.ok(rating.text.includes("¿Cómo lo hizo Marco en su Limpieza de ductos de aire del miércoles, 4 de marzo"));
    assert.ok(rating.text.includes("★★★★★  Excelente: https://x.example/r/5"));
    assert.ok(rating.text.includes("★☆☆☆☆  Malo: https://x.example/r/1"));
    assert.ok(ratingRequest(booking, { urlFor: () => "u" }, en).text.includes("★★★★☆  Very good: u"));

    const rebook = rebookReminder(booking, links, es);
    assert.equal(rebook.subject, "Es hora de su Limpieza de ductos de aire anual");
    assert.ok(
      rebook.text.includes(
        `Su última Limpieza de ductos de aire con ${profile.name} fue el miércoles, 4 de marzo de 2026.`,
      ),
    );
    assert.ok(rebook.text.includes("Cancele la suscripción con un clic: https://x.example/u"));
    assert.equal(rebookReminder(booking, links, en).subject, "Time for your yearly Air Duct Cleaning");
  },
);

Deno.test("a Spanish customer's membership e-mail, ordered by the office, is in Spanish", async () => {
  const peer = startStripePeer({ webhookSecret: "whsec_test_secret" });
  const ctx = await createTestContext({
    env: {
      ...stripeEnv(peer, "whsec_test_secret"),
    },
  });
  try {
    const bookingId = await newBooking(ctx, { locale: "es" });
    const booking = (await ctx.repos.bookings.get(bookingId))!;
    const plan = await ctx.asAdmin<DataEnvelope<Plan>>("POST", "/api/plans", {
      body: {
        name: "Clean Air Club",
        description: "Dryer vent every year.",
        visits: [{ serviceType: "dryer-vent-cleaning", units: 1, everyMonths: 12 }],
        priceCents: 1900,
        period: "month",
        memberDiscountPercent: 15,
        active: true,
      },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    const enrolled = await ctx.asAdmin("POST", `/api/customers/${booking.customerId}/memberships`, {
      body: { planId: plan.body.data._id, propertyId: booking.propertyId, start: "2026-03-02", payment: "card-link" },
    });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
    const join = await mailsTo(ctx, booking.email, "membership-join");
    assert.equal(join.subject, `Únase a Clean Air Club de ${ctx.config.profile.name}`);
    assert.ok(join.text.includes("Unirse y pagar con tarjeta: "));
  } finally {
    await ctx.close();
    await peer.close();
  }
});
