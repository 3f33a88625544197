import assert from "node:assert/strict";
import type { AuditEntry } from "../../contracts/audit/audit.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import { DEFAULT_BOOKING_RULES } from "../../contracts/schedule/rules.ts";
import { DEFAULT_TRAVEL_RULES, SEEDED_SERVICE_WORK } from "../../contracts/schedule/board.ts";
import { DEFAULT_PROFILE } from "../../contracts/settings/profile.ts";
import type { Settings, SettingsSaved } from "../../contracts/settings/settings.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";
import { bookingBody } from "../../testing/fixtures.ts";

// TEST_NOW is Monday 2 March 2026 in New York; Sunday the 8th is the first Sunday that can be booked.
const SUNDAY = "2026-03-08";

Deno.test("settings API: who may read and change them, validation, audit, live event", async (t) => {
  const ctx = await createTestContext({ env: { SLOT_CAPACITY: "3" } });
  const put = (body: unknown) => ctx.asAdmin<SettingsSaved & ErrorBody>("PUT", "/api/settings", { body });
  try {
    await t.step("a visitor (no token) gets 401 from GET and PUT", async () => {
      for (const method of ["GET", "PUT"]) {
        const body = method === "PUT" ? { slotCapacity: 5 } : undefined;
        const res = await ctx.request<ErrorBody>(method, "/api/settings", { body });
        assert.equal(res.status, 401, method);
        assert.deepEqual(res.body, { message: MESSAGES.unauthorized });
      }
      const forged = await ctx.request("GET", "/api/settings", { token: "not-a-token" });
      assert.equal(forged.status, 401);
    });

    await t.step(
      "the defaults are SPEC §9's, the capacity seeded by SLOT_CAPACITY, the profile by BUSINESS_*",
      async () => {
        const res = await ctx.asAdmin<Settings>("GET", "/api/settings");
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, {
          profile: {
            name: DEFAULT_PROFILE.name,
            shortName: DEFAULT_PROFILE.shortName,
            phone: DEFAULT_PROFILE.phone,
            email: DEFAULT_PROFILE.email,
            ...DEFAULT_PROFILE.address,
            serviceArea: DEFAULT_PROFILE.serviceArea,
            serviceAreaEs: "el área de Charlotte",
          },
          hours: {
            sunday: { open: "07:00", close: "19:00" },
            monday: { open: "07:00", close: "19:00" },
            tuesday: { open: "07:00", close: "19:00" },
            wednesday: { open: "07:00", close: "19:00" },
            thursday: { open: "07:00", close: "19:00" },
            friday: { open: "07:00", close: "19:00" },
            saturday: null,
          },
          closedDates: [],
          slotCapacity: 3,
          leadDays: 1,
          horizonDays: 365,
          discountTiers: [{ minUnits: 2, percent: 10 }],
          serviceAreaZips: [],
          reminders: { visit: true, rebook: true },
          taxRatePercent: 0,
          taxLabel: "Sales tax",
          ratingEmail: true,
          reviewUrl: "",
          // Migration 024 seeds the same figures the contract lists.
          serviceWork: SEEDED_SERVICE_WORK,
          travel: DEFAULT_TRAVEL_RULES,
          // Off to start with: no tips and no deposit until the owner turns them on.
          tipsEnabled: false,
          tipPercentPresets: [15, 18, 20],
          depositDefaultPercent: 0,
        });
      },
    );

    await t.step("refuses bad input with 400 { message } and writes nothing, not even the valid part", async () => {
      const bad = [
        { slotCapacity: 0 },
        { slotCapacity: "2" },
        { hours: { monday: { open: "07:30", close: "19:00" } } },
        { hours: { monday: { open: "19:00", close: "07:00" } } },
        { hours: { someday: null } },
        { closedDates: [{ from: "2026-12-31", to: "2026-12-24" }] },
        { closedDates: [{ from: "2026-02-30" }] },
        { discountTiers: [{ minUnits: 2, percent: 101 }] },
        {
          discountTiers: [
            { minUnits: 2, percent: 10 },
            { minUnits: 2, percent: 20 },
          ],
        },
        { serviceAreaZips: ["2820"] },
        { reminders: { rebook: "off" } },
        { reminders: { weekly: true } },
        { ratingEmail: "yes" },
        { reviewUrl: "http://reviews.example.com/us" },
        { reviewUrl: "javascript:alert(1)" },
        { profile: { phone: "call us" } },
        { profile: { state: "XX" } },
        { profile: { serviceAreaEs: " " } },
        { profile: { serviceAreaEs: "x".repeat(121) } },
        { leadDays: 30, horizonDays: 10 },
        { slotCapacity: 5, unknown: true },
        { taxRatePercent: -1 },
        { taxRatePercent: 20.01 },
        { taxRatePercent: 7.125 },
        { taxRatePercent: "7.25" },
        { taxLabel: "" },
        { taxLabel: "x".repeat(41) },
        // The valid part (capacity) must not be saved when another part is refused.
        { slotCapacity: 5, profile: { email: "not an e-mail" } },
      ];
      const before = await rowCounts(ctx.sql);
      for (const body of bad) {
        const res = await put(body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(typeof res.body.message, "string", JSON.stringify(body));
      }
      const notJson = await ctx.asAdmin("PUT", "/api/settings", {
        rawBody: "{",
        headers: { "Content-Type": "application/json" },
      });
      assert.equal(notJson.status, 400);
      assert.deepEqual(await rowCounts(ctx.sql), before);
      assert.equal((await ctx.asAdmin<Settings>("GET", "/api/settings")).body.slotCapacity, 3);
    });

    await t.step("a partial update changes only what it names and answers { data }", async () => {
      const res = await put({ slotCapacity: 4, profile: { phone: "(704) 555-0100" }, hours: { sunday: null } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.slotCapacity, 4);
      assert.equal(res.body.data.profile.phone, "(704) 555-0100");
      assert.equal(res.body.data.profile.name, DEFAULT_PROFILE.name, "the rest of the profile stays");
      assert.equal(res.body.data.hours.sunday, null);
      assert.deepEqual(res.body.data.hours.monday, { open: "07:00", close: "19:00" }, "other days stay");
      assert.equal(res.body.affectedBookings, undefined, "no booking was on a Sunday");
      assert.deepEqual((await ctx.asAdmin<Settings>("GET", "/api/settings")).body, res.body.data);
    });

    await t.step("audits who changed what, from what to what", async () => {
      const [row] = await ctx.sql<
        { admin_email: string; entity_id: string; action: string; changes: AuditEntry["changes"] }[]
      >`
        select admin_email, entity_id, action, changes from audit_log where entity_type = 'settings' order by seq desc limit 1`;
      assert.equal(row!.admin_email, ctx.admin.email);
      assert.equal(row!.action, "update");
      assert.deepEqual(row!.changes.slotCapacity, { from: 3, to: 4 });
      assert.deepEqual((row!.changes.profile!.from as { phone: string }).phone, DEFAULT_PROFILE.phone);
      assert.deepEqual((row!.changes.profile!.to as { phone: string }).phone, "(704) 555-0100");
      assert.deepEqual(Object.keys(row!.changes).sort(), ["hours", "profile", "slotCapacity"]);
    });

    await t.step("tells every socket the new public profile", () => {
      const event = ctx.events.events.findLast((e) => e.event === "settingsChanged");
      assert.ok(event);
      const profile = event.payload as BusinessProfile;
      assert.equal(profile.phone, "(704) 555-0100");
      assert.equal(profile.bookingRules.hours.sunday, null);
      assert.equal("slotCapacity" in profile, false);
    });

    await t.step("GET /api/profile (public) carries the new phone and the booking rules", async () => {
      const res = await ctx.request<BusinessProfile>("GET", "/api/profile");
      assert.equal(res.status, 200);
      assert.equal(res.body.phone, "(704) 555-0100");
      assert.equal(res.body.claims.years, DEFAULT_PROFILE.claims.years, "what settings do not hold stays");
      assert.equal(res.body.bookingRules.hours.sunday, null);
      assert.deepEqual(res.body.bookingRules.closedDates, []);
      assert.deepEqual(res.body.bookingRules.serviceAreaZips, []);
      assert.deepEqual(res.body.bookingRules.discountTiers, DEFAULT_BOOKING_RULES.discountTiers);
      assert.equal(res.body.bookingHorizonDays, 365);
    });

    await t.step(
      "the Spanish service area round-trips and reaches the public profile with the Spanish hours",
      async () => {
        const res = await put({ profile: { serviceAreaEs: "  el valle de Roanoke " } });
        assert.equal(res.status, 200);
        assert.equal(res.body.data.profile.serviceAreaEs, "el valle de Roanoke");
        assert.equal(res.body.data.profile.serviceArea, DEFAULT_PROFILE.serviceArea, "the English one stays");
        assert.deepEqual((await ctx.asAdmin<Settings>("GET", "/api/settings")).body, res.body.data);
        const profile = (await ctx.request<BusinessProfile>("GET", "/api/profile")).body;
        assert.deepEqual(profile.es, {
          serviceArea: "el valle de Roanoke",
          // Sunday was closed above: the Spanish hours are written from the new week.
          hours: "lun-vie 7:00 a.m. - 7:00 p.m.",
          hoursShort: "lun-vie: 7:00 a.m. - 7:00 p.m. / sáb y dom: cerrado",
          hoursText: "de lunes a viernes de 7:00 a.m. a 7:00 p.m.; el sábado y el domingo cerramos",
        });
        assert.equal(profile.serviceArea, DEFAULT_PROFILE.serviceArea);
      },
    );

    await t.step("the tax rate keeps its two decimals exactly and the label is trimmed", async () => {
      const res = await put({ taxRatePercent: 8.25, taxLabel: "  NC sales tax " });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.taxRatePercent, 8.25);
      assert.equal(res.body.data.taxLabel, "NC sales tax");
      const read = (await ctx.asAdmin<Settings>("GET", "/api/settings")).body;
      assert.equal(read.taxRatePercent, 8.25);
      assert.equal(read.taxLabel, "NC sales tax");
      assert.equal((await put({ taxRatePercent: 20 })).body.data.taxRatePercent, 20, "20 is allowed");
      assert.equal((await put({ taxRatePercent: 0 })).body.data.taxRatePercent, 0);
    });

    await t.step("closing a day with live bookings saves, and answers the bookings it leaves there", async () => {
      await put({ hours: { sunday: { open: "07:00", close: "19:00" } } });
      const booked = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ cleaningDate: SUNDAY, cleaningTime: "10:00 AM" }),
      });
      assert.equal(booked.status, 201);
      const cancelled = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
        body: bookingBody({ cleaningDate: SUNDAY, cleaningTime: "11:00 AM", email: "gone@example.com" }),
      });
      await ctx.asAdmin("PUT", `/api/bookings/${cancelled.body.data._id}/status`, { body: { status: "cancelled" } });
      const res = await put({ hours: { sunday: null } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.hours.sunday, null, "saved all the same");
      assert.deepEqual(res.body.affectedBookings, [
        {
          _id: booked.body.data._id,
          cleaningDate: SUNDAY,
          cleaningTime: "10:00 AM",
          firstName: "Dana",
          lastName: "Whitfield",
        },
      ]);
      assert.equal((await ctx.asAdmin("GET", `/api/bookings/${booked.body.data._id}`)).status, 200, "kept");
      // A closed date over a booking, and hours that end before its time, are the same kind of change.
      await put({ hours: { sunday: { open: "07:00", close: "19:00" } } });
      const closedDate = await put({ closedDates: [{ from: SUNDAY, reason: "Inventory" }] });
      assert.equal(closedDate.body.affectedBookings?.length, 1);
      await put({ closedDates: [] });
      const shorter = await put({ hours: { sunday: { open: "07:00", close: "09:00" } } });
      assert.equal(shorter.body.affectedBookings?.[0]?._id, booked.body.data._id);
    });
  } finally {
    await ctx.close();
  }
});
