import assert from "node:assert/strict";
import type { BusinessProfile } from "../../contracts/entities.ts";
import { createTestContext } from "../../testing/context.ts";

Deno.test("profile API", async (t) => {
  const ctx = await createTestContext({ env: { BUSINESS_PHONE: "(980) 555-0100" } });
  try {
    await t.step("answers the business profile from config, founded 2010 in Charlotte", async () => {
      const res = await ctx.request<BusinessProfile>("GET", "/api/profile");
      assert.equal(res.status, 200);
      assert.equal(res.body.name, "ClearFlow Duct & Vent Cleaning");
      assert.equal(res.body.phone, "(980) 555-0100");
      assert.equal(res.body.email, "hello@clearflowclean.com");
      assert.deepEqual(res.body.address, { street: "4521 South Blvd", city: "Charlotte", state: "NC", zip: "28209" });
      assert.equal(res.body.founded, 2010);
      assert.equal(res.body.timeZone, "America/New_York");
      assert.equal(res.body.hours, "Mon-Sun 7:00 AM - 7:00 PM");
      assert.equal(res.body.hoursShort, "Mon-Sun: 7:00AM - 7:00PM / Sat-close");
      assert.deepEqual(res.body.claims, {
        years: "15+",
        clients: "1500+",
        projects: "5000+",
        satisfaction: "98%",
        technicians: "15+",
        emergency: "24/7",
      });
      assert.equal(res.body.certifications.length, 4);
    });
  } finally {
    await ctx.close();
  }
});
