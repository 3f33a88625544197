import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../../contracts/common/wire.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { addStaff } from "../../testing/staff.ts";

Deno.test(
  "assignment e-mail: a job within 48 hours reaches its technician by e-mail, a later one does not",
  async () => {
    const ctx = await createTestContext();
    try {
      const tia = await addStaff(ctx, "Tia Tech");
      const book = async (overrides = {}) =>
        (await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) })).body.data;
      const assign = (id: string, technicianId: string | null) =>
        ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${id}/assignment`, { body: { technicianId } });
      const mailsTo = (bookingId: string) =>
        ctx.sql<{ to_address: string; subject: string; text: string }[]>`
        select to_address, subject, message->>'text' as text from outbox
        where kind = 'job-assigned' and booking_id = ${bookingId}`;

      // The day after the test clock's today: inside 48 hours.
      const soon = await book({ lastName: "Soon" });
      assert.equal((await assign(soon._id, tia.member._id)).status, 200);
      const [mail] = await mailsTo(soon._id);
      assert.ok(mail, "an e-mail to the technician");
      assert.equal(mail.to_address, tia.member.email);
      assert.match(mail.subject, /^New job: Air Duct Cleaning on Tuesday, March 3, 2026 at 9:00 AM/);
      assert.match(mail.text, /Hello Tia Tech,/);
      assert.match(mail.text, /Soon/);

      // Unassigning and a job days away send nothing more.
      assert.equal((await assign(soon._id, null)).status, 200);
      const later = await book({ lastName: "Later", cleaningDate: "2026-03-10" });
      assert.equal((await assign(later._id, tia.member._id)).status, 200);
      assert.equal((await mailsTo(soon._id)).length, 1);
      assert.equal((await mailsTo(later._id)).length, 0);
    } finally {
      await ctx.close();
    }
  },
);
