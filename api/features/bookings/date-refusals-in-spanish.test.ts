import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import { createTestContext, type TestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { messagesInBoth } from "../../testing/languages.ts";

// TEST_NOW is Monday 2 March 2026, 10:00 in New York.
const WEDNESDAY = "2026-03-04";
const SUNDAY = "2026-03-08";
const MONDAY = "2026-03-09";
const THANKSGIVING = "2026-11-26";

async function closeSundaysAndThanksgiving(ctx: TestContext) {
  const res = await ctx.asAdmin("PUT", "/api/settings", {
    body: {
      hours: { sunday: null, monday: { open: "09:00", close: "12:00" } },
      closedDates: [{ from: THANKSGIVING, reason: "Thanksgiving" }],
    },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

const booking = (overrides: Record<string, unknown>) => ({
  body: bookingBody({ email: "dates.es@example.com", ...overrides }),
});

Deno.test("a refused date or time of a new booking is answered in the page's language", async () => {
  const ctx = await createTestContext();
  try {
    await closeSundaysAndThanksgiving(ctx);
    assert.deepEqual(await messagesInBoth(ctx, "POST", "/api/bookings", 422, booking({ cleaningDate: SUNDAY })), {
      en: "We're closed on Sundays",
      es: "Estamos cerrados los domingos",
    });
    const holiday = booking({ cleaningDate: THANKSGIVING });
    assert.deepEqual(await messagesInBoth(ctx, "POST", "/api/bookings", 422, holiday), {
      en: "We're closed on November 26, 2026 (Thanksgiving)",
      es: "Estamos cerrados el 26 de noviembre de 2026 (Thanksgiving)",
    });
    assert.deepEqual(await messagesInBoth(ctx, "POST", "/api/bookings", 422, booking({ cleaningDate: "2027-03-10" })), {
      en: "Please choose a date within the next 365 days",
      es: "Por favor elija una fecha dentro de los próximos 365 días",
    });
    const early = booking({ cleaningDate: MONDAY, cleaningTime: "7:00 AM" });
    assert.deepEqual(await messagesInBoth(ctx, "POST", "/api/bookings", 422, early), {
      en: "On Mondays our visits start from 9:00 AM to 12:00 PM. Please choose another time.",
      es: "Los lunes nuestras visitas empiezan de 9:00 AM a 12:00 PM. Por favor elija otro horario.",
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("moving a booking from its manage link to a closed day is refused in the page's language", async () => {
  const ctx = await createTestContext();
  try {
    const made = await ctx.request<DataEnvelope<Booking>>(
      "POST",
      "/api/bookings",
      booking({ cleaningDate: WEDNESDAY }),
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const [row] = await ctx.sql<{ manage_token: string }[]>`
      select manage_token from bookings where id = ${made.body.data._id}`;
    await closeSundaysAndThanksgiving(ctx);
    const move = { body: { cleaningDate: SUNDAY, cleaningTime: "10:00 AM" } };
    assert.deepEqual(await messagesInBoth(ctx, "PUT", `/api/manage/${row!.manage_token}`, 422, move), {
      en: "We're closed on Sundays",
      es: "Estamos cerrados los domingos",
    });
  } finally {
    await ctx.close();
  }
});
