import assert from "node:assert/strict";
import type { ContactMessage } from "../../contracts/contact/contact.ts";
import type { ErrorBody } from "../../contracts/common/wire.ts";
import type { Page } from "../../contracts/common/paging.ts";
import { createTestContext } from "../../testing/context.ts";
import { addStaff } from "../../testing/staff.ts";

Deno.test("GET /api/contact pages, filters, sorts and searches the messages", async (t) => {
  const ctx = await createTestContext();
  const list = (query: string) => ctx.asAdmin<Page<ContactMessage>>("GET", `/api/contact${query}`);
  const names = (page: Page<ContactMessage>) => page.data.map((m) => m.name);
  const add = async (name: string, email: string, phone: string, message: string, minute: number, read = false) => {
    await ctx.sql`
      insert into contact_messages (name, email, phone, service, message, created_at, read_at)
      values (${name}, ${email}, ${phone}, 'Residential Cleaning', ${message},
        '2026-02-01T00:00:00Z'::timestamptz + ${minute} * interval '1 minute', ${read ? new Date() : null})`;
  };
  try {
    await add("Jordan Ellis", "jordan@example.com", "(704) 555-0123", "Do you clean dryer vents on roofs?", 1, true);
    await add("Beth Zimmer", "beth@mail.test", "980-555-8888", "Mold in the return duct", 2);
    await add("amy Adams", "amy@example.org", "919.555.0000", "Price for three units", 3);
    for (let i = 0; i < 12; i++) await add(`Filler ${i}`, `f${i}@example.com`, "(111) 111-1111", "Hello", 10 + i);

    await t.step("refuses limit=101 and a garbage cursor with 400", async () => {
      const limit = await ctx.asAdmin<ErrorBody>("GET", "/api/contact?limit=101");
      assert.equal(limit.status, 400);
      assert.match(JSON.stringify(limit.body), /limit/);
      const cursor = await ctx.asAdmin<ErrorBody>("GET", "/api/contact?cursor=nope");
      assert.equal(cursor.status, 400);
      assert.equal(cursor.body.message, "cursor is not valid");
      assert.equal((await list("?read=maybe")).status, 400);
    });

    await t.step("newest first by default, paged to the end once each", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { body: Page<ContactMessage> } = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ""}`);
        assert.equal(res.body.total, 15);
        seen.push(...names(res.body));
        cursor = res.body.nextCursor;
      } while (cursor);
      assert.equal(seen.length, 15);
      assert.deepEqual(seen.slice(-3), ["amy Adams", "Beth Zimmer", "Jordan Ellis"]);
    });

    await t.step("sorts oldest first and by name in any case", async () => {
      assert.deepEqual(names((await list("?sort=created&limit=2")).body), ["Jordan Ellis", "Beth Zimmer"]);
      assert.deepEqual(names((await list("?sort=name&limit=2")).body), ["amy Adams", "Beth Zimmer"]);
    });

    await t.step("filters read and unread", async () => {
      assert.deepEqual(names((await list("?read=true")).body), ["Jordan Ellis"]);
      assert.equal((await list("?read=false")).body.total, 14);
    });

    const searches: [string, string][] = [
      ["ELLIS", "Jordan Ellis"],
      ["beth@mail", "Beth Zimmer"],
      ["5550123", "Jordan Ellis"],
      ["555-8888", "Beth Zimmer"],
      ["return duct", "Beth Zimmer"],
    ];
    for (const [q, name] of searches) {
      await t.step(`q=${q} finds ${name}`, async () => {
        const res = await list(`?q=${encodeURIComponent(q)}`);
        assert.deepEqual(names(res.body), [name]);
        assert.equal(res.body.total, 1);
      });
    }

    await t.step("is for the office: a technician 403", async () => {
      const tech = await addStaff(ctx, "Tim Tech");
      assert.equal((await ctx.request("GET", "/api/contact", { token: tech.token })).status, 403);
    });
  } finally {
    await ctx.close();
  }
});
