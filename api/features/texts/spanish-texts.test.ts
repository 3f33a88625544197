import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import type { SmsConsent } from "../../contracts/texts/texts.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { needsService } from "../../testing/services.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { textsContext } from "./testing.ts";

const postgres = needsService("TEST_DATABASE_URL");
const DANA_PHONE = "+17045550199";

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, ignore: postgres.ignore, sanitizeResources: false, sanitizeOps: false, fn });

test("a customer who booked in Spanish is texted in Spanish: the confirmation, the reminder, on my way, the keywords' answers", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  try {
    // Wednesday 4 March at 9:00: reminded on Tuesday at 9:00.
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true, locale: "es", cleaningDate: "2026-03-04" }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const id = booked.body.data._id;
    await drain();
    ctx.clock.set("2026-03-03T14:00:00.000Z");
    await drain();
    const tech = await addStaff(ctx, "Marco Alvarez");
    await assignJob(ctx, id, tech.member._id);
    const onTheWay = await ctx.request("PUT", `/api/bookings/${id}/visit`, {
      token: tech.token,
      body: { stage: "en_route" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    assert.equal(onTheWay.status, 200, JSON.stringify(onTheWay.body));
    await drain();

    const bodies = peer.texts.filter((t) => t.to === DANA_PHONE).map((t) => t.body);
    const find = (pattern: RegExp) => {
      const found = bodies.find((b) => pattern.test(b));
      assert.ok(found, `${pattern} among\n${bodies.join("\n")}`);
      return found;
    };
    const confirmation = find(/su cita de Limpieza de ductos de aire es el mié, 4 de mar a las 9:00 a\.m\. /);
    assert.match(confirmation, /Vea o cambie su cita: https:\/\/clearflow\.test\/t\/\w{8}\n/);
    assert.match(confirmation, /\nResponda STOP para darse de baja, HELP para ayuda\.$/, "STOP stays the keyword");
    const reminder = find(/le recordamos su cita de Limpieza de ductos de aire de mañana, mié, 4 de mar/);
    assert.match(reminder, /Responda C para confirmar, R para cambiar la fecha\.$/);
    find(/Marco va en camino y llega entre las \d{1,2}:\d{2} (a\.m\.|p\.m\.) y las \d{1,2}:\d{2} (a\.m\.|p\.m\.)$/);
    // The keywords stay English, and are answered in Spanish.
    for (const word of ["C", "HELP", "STOP", "START"]) {
      assert.equal((await peer.inbound(DANA_PHONE, word)).status, 200);
      await drain();
    }
    const answers = peer.texts.filter((t) => t.to === DANA_PHONE).map((t) => t.body);
    bodies.push(...answers.slice(bodies.length));
    find(/gracias, su visita del mié, 4 de mar a las 9:00 a\.m\. queda confirmada\./);
    find(/: llame al .+\.\nResponda STOP para darse de baja\.$/);
    find(/ya no le enviaremos mensajes\. Responda START para recibirlos de nuevo\.$/);
    find(/le enviaremos mensajes de nuevo\. Responda STOP para darse de baja, HELP para ayuda\.$/);
    for (const body of bodies) {
      assert.equal(countSegments(body).encoding, "GSM-7", body);
      assert.ok(countSegments(body).segments <= 2, body);
      assert.doesNotMatch(body, /Reply|your visit|on the way|call us|texts/, body);
    }
  } finally {
    await close();
  }
});

test("a consent ticked on the Spanish booking form is kept with the Spanish words the form showed", async () => {
  const { ctx, close } = await textsContext();
  try {
    const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({ smsConsent: true, locale: "es" }),
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const consent = await ctx.asAdmin<SmsConsent>("GET", `/api/customers/${booked.body.data.customerId}/sms-consent`);
    const site = JSON.parse(await Deno.readTextFile(new URL("../../../pwa/src/i18n/es/public.json", import.meta.url)));
    const shown = (site["public.texts.disclosure"] as string).replace("{business}", ctx.config.profile.name);
    assert.equal(consent.body.consent, "granted");
    assert.equal(consent.body.disclosure, shown);
  } finally {
    await close();
  }
});
