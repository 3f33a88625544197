import assert from "node:assert/strict";
import type { Booking } from "./contracts/bookings/booking.ts";
import type { DataEnvelope } from "./contracts/common/wire.ts";
import { MESSAGES } from "./contracts/common/messages.ts";
import { createTestContext } from "./testing/context.ts";
import { bookingBody, serviceBody } from "./testing/fixtures.ts";
import { addStaff } from "./testing/staff.ts";

/**
 * Every route only an admin may call, with a body that would pass validation: a technician must be refused by
 * the role (403 `{ message }`), never reach the validation or the handler. New admin routes go here.
 */
const adminRoutes = (ids: { booking: string; staff: string; mail: string; message: string }) =>
  [
    ["GET", "/api/bookings/deleted"],
    ["PUT", `/api/bookings/${ids.booking}`, bookingBody()],
    ["PUT", `/api/bookings/${ids.booking}/status`, { status: "confirmed" }],
    ["PUT", `/api/bookings/${ids.booking}/assignment`, { technicianId: null }],
    ["DELETE", `/api/bookings/${ids.booking}`],
    ["GET", `/api/bookings/${ids.booking}/history`],
    ["GET", `/api/bookings/${ids.booking}/mail`],
    ["POST", "/api/services", serviceBody()],
    ["PUT", "/api/services/air-duct-cleaning", serviceBody()],
    ["DELETE", "/api/services/air-duct-cleaning"],
    ["GET", "/api/contact"],
    ["PUT", `/api/contact/${ids.message}/read`, { read: true }],
    ["POST", `/api/mail/${ids.mail}/resend`],
    ["GET", "/api/settings"],
    ["PUT", "/api/settings", { slotCapacity: 3 }],
    ["GET", "/api/staff"],
    ["POST", "/api/staff", { name: "Nina New", email: "nina@staff.example.com", role: "technician" }],
    ["PUT", `/api/staff/${ids.staff}`, { name: "Renamed" }],
    ["POST", `/api/staff/${ids.staff}/invitation`],
    ["GET", "/api/schedule?date=2026-03-03"],
    ["GET", "/api/reports/summary?from=2026-03-01&to=2026-03-31"],
    ["GET", "/api/unsubscribe"],
  ] as const;

/** The routes added with staff roles: a visitor (no token) gets 401 on each. */
const NEW_ADMIN_ROUTES = new Set(["/api/staff", "/api/schedule", "/assignment", "/invitation"]);

Deno.test("authorization: a technician gets 403 on every admin endpoint, a visitor 401", async (t) => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Tina Tech");
    const booking = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
    const [mail] = await ctx.sql<{ id: string }[]>`select id from outbox limit 1`;
    const ids = {
      booking: booking.body.data._id,
      staff: tech.member._id,
      mail: mail!.id,
      message: crypto.randomUUID(),
    };
    const routes = adminRoutes(ids);

    await t.step("as a technician: 403 { message }, and nothing changed", async () => {
      for (const [method, path, body] of routes) {
        const res = await ctx.request<{ message: string }>(method, path, { token: tech.token, body });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.deepEqual(res.body, { message: MESSAGES.forbidden }, `${method} ${path}`);
      }
      const still = await ctx.asAdmin<Booking>("GET", `/api/bookings/${ids.booking}`);
      assert.equal(still.body.version, 1, "the booking was not touched");
      assert.equal((await ctx.asAdmin<unknown[]>("GET", "/api/services")).body.length, 8);
    });

    await t.step("as a visitor: 401 on the new admin routes (and on the rest)", async () => {
      const newOnes = routes.filter(([, path]) => [...NEW_ADMIN_ROUTES].some((p) => path.includes(p)));
      assert.equal(newOnes.length, 6);
      for (const [method, path, body] of routes) {
        const res = await ctx.request(method, path, { body });
        assert.equal(res.status, 401, `${method} ${path}`);
      }
    });

    await t.step("a technician keeps their own session: logout and password change are theirs", async () => {
      const changed = await ctx.request("PUT", "/api/auth/password", {
        token: tech.token,
        body: { currentPassword: "a long enough staff passphrase", newPassword: "another long staff passphrase" },
      });
      assert.equal(changed.status, 200);
      const token = (changed.body as { token: string }).token;
      assert.equal((await ctx.request("POST", "/api/auth/logout", { token })).status, 204);
      assert.equal((await ctx.request("GET", "/api/bookings", { token })).status, 401);
    });
  } finally {
    await ctx.close();
  }
});
