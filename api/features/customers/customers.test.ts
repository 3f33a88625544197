import assert from "node:assert/strict";
import type { Booking } from "../../contracts/bookings/booking.ts";
import type { Page } from "../../contracts/common/paging.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import type {
  Customer,
  CustomerDetail,
  CustomerRow,
  DuplicatePair,
  MergeResult,
  Property,
} from "../../contracts/customers/customer.ts";
import type { AuditEntry } from "../../contracts/audit/audit.ts";
import { createTestContext } from "../../testing/context.ts";
import { bookingBody } from "../../testing/fixtures.ts";
import { addStaff, assignJob } from "../../testing/staff.ts";
import { signInCustomer } from "../../testing/portal.ts";
import { CUSTOMER_NOT_FOUND, MERGE_ITSELF, STALE_CUSTOMER } from "./routes.ts";

/** Weekdays after TEST_NOW, one per booking, so no slot fills. */
const DAYS = [3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 30, 31].map(
  (d) => `2026-03-${String(d).padStart(2, "0")}`,
);

/** A new time of day each time the days run out. */
const TIMES = ["9:00 AM", "10:00 AM", "11:00 AM", "1:00 PM"];

Deno.test("customers are records", async (t) => {
  // Many bookings from one test client: the per-client booking limit is not what this file checks.
  const ctx = await createTestContext({ env: { BOOKING_LIMIT_PER_HOUR: "1000" } });
  let day = 0;
  const book = async (overrides: Record<string, unknown> = {}): Promise<Booking> => {
    const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", {
      body: bookingBody({
        cleaningDate: DAYS[day % DAYS.length],
        cleaningTime: TIMES[Math.floor(day++ / DAYS.length) % TIMES.length],
        ...overrides,
      }),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.data;
  };
  const detail = (id: string) => ctx.asAdmin<CustomerDetail>("GET", `/api/customers/${id}`);
  const list = (query = "") => ctx.asAdmin<Page<CustomerRow>>("GET", `/api/customers${query}`);

  try {
    await t.step("a new booking creates its customer and property, and says so in its answer and event", async () => {
      const booking = await book();
      assert.match(booking.customerId ?? "", /^[0-9a-f-]{36}$/);
      assert.match(booking.propertyId ?? "", /^[0-9a-f-]{36}$/);
      const event = ctx.events.events.findLast((e) => e.event === "newBooking");
      assert.equal((event?.payload as Booking).customerId, booking.customerId);
      const staffRead = await ctx.asAdmin<Booking>("GET", `/api/bookings/${booking._id}`);
      assert.equal(staffRead.body.propertyId, booking.propertyId);

      const customer = (await detail(booking.customerId!)).body;
      assert.equal(customer.name, "Dana Whitfield");
      assert.deepEqual(customer.emails, ["dana.whitfield@example.com"]);
      assert.deepEqual(customer.phones, [{ number: "+17045550199", label: "mobile" }]);
      assert.equal(customer.properties.length, 1);
      assert.equal(customer.properties[0]!.street, "1200 East Blvd");
      assert.equal(customer.properties[0]!.visitCount, 1);
      assert.equal(customer.visitCount, 1);
    });

    await t.step("the same e-mail in any case joins the customer; the same address joins the property", async () => {
      const first = await book({ email: "sam.ortiz@example.com", firstName: "Sam", lastName: "Ortiz" });
      const again = await book({
        email: "SAM.Ortiz@Example.com",
        firstName: "Samuel",
        lastName: "Ortiz",
        homeAddress: "1200 east boulevard",
      });
      assert.equal(again.customerId, first.customerId);
      assert.equal(again.propertyId, first.propertyId);
      const elsewhere = await book({ email: "sam.ortiz@example.com", homeAddress: "77 Rental Row", zip: "28205" });
      assert.equal(elsewhere.customerId, first.customerId);
      assert.notEqual(elsewhere.propertyId, first.propertyId);
      const sam = (await detail(first.customerId!)).body;
      assert.equal(sam.name, "Sam Ortiz", "a later booking does not rename the record");
      assert.equal(sam.properties.length, 2);
      assert.equal(sam.visitCount, 3);
    });

    await t.step("a public caller cannot choose the customer or property: the server decides", async () => {
      const dana = (await list("?q=dana.whitfield")).body.data[0]!;
      const res = await ctx.request<ErrorBody>("POST", "/api/bookings", {
        body: { ...bookingBody({ email: "mallory@example.com" }), customerId: dana._id, propertyId: dana._id },
      });
      // Ids in the body are not the booking's to choose: the e-mail and address decide.
      assert.equal(res.status, 201);
      const made = (res.body as unknown as DataEnvelope<Booking>).data;
      assert.notEqual(made.customerId, dana._id);
      assert.notEqual(made.propertyId, dana._id);
    });

    await t.step("an edit to another address moves the visit to that property and keeps the customer", async () => {
      const booking = await book({ email: "edit.me@example.com", firstName: "Eddie" });
      const res = await ctx.asAdmin<DataEnvelope<Booking>>("PUT", `/api/bookings/${booking._id}`, {
        body: {
          ...bookingBody({ email: "edit.me@example.com", firstName: "Eddie", cleaningDate: booking.cleaningDate }),
          homeAddress: "9 New Place",
          zip: "28210",
          version: booking.version,
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.customerId, booking.customerId);
      assert.notEqual(res.body.data.propertyId, booking.propertyId);
      const eddie = (await detail(booking.customerId!)).body;
      assert.deepEqual(
        eddie.properties.map((p) => [p.street, p.visitCount]),
        [
          ["1200 East Blvd", 0],
          ["9 New Place", 1],
        ],
      );
    });

    await t.step("two people with one phone are not merged: they are listed as a possible duplicate", async () => {
      const a = await book({
        email: "pat.one@example.com",
        firstName: "Pat",
        lastName: "One",
        contactNumber: "704-555-0111",
      });
      const b = await book({
        email: "lee.two@example.com",
        firstName: "Lee",
        lastName: "Two",
        contactNumber: "(704) 555 0111",
        homeAddress: "5 Other St",
      });
      assert.notEqual(a.customerId, b.customerId);
      const res = await ctx.asAdmin<DuplicatePair[]>("GET", "/api/customers/duplicates");
      assert.equal(res.status, 200);
      const pair = res.body.find((p) => p.keep._id === a.customerId || p.other._id === a.customerId);
      assert.equal(pair?.reason, "phone");
      assert.deepEqual([pair.keep._id, pair.other._id], [a.customerId, b.customerId]);
    });

    await t.step("a phone on more than five records (an office line) pairs no one", async () => {
      const office = async (n: number) =>
        (
          await book({
            email: `tenant${n}@example.com`,
            firstName: `Tenant${n}`,
            contactNumber: "704-555-0400",
            homeAddress: `${n} Office Park`,
          })
        ).customerId;
      const pairsOf = async (id: string | null) =>
        (await ctx.asAdmin<DuplicatePair[]>("GET", "/api/customers/duplicates")).body.filter(
          (p) => p.keep._id === id || p.other._id === id,
        );
      const first = await office(1);
      for (let n = 2; n <= 5; n++) await office(n);
      assert.equal((await pairsOf(first)).length, 4, "five records: every pair listed");
      await office(6);
      assert.deepEqual(await pairsOf(first), [], "six records: an office line");
    });

    await t.step("the same name at the same street is listed too", async () => {
      const a = await book({
        email: "jo.king@example.com",
        firstName: "Jo",
        lastName: "King",
        homeAddress: "3 Elm Street",
        contactNumber: "704-555-0301",
      });
      const b = await book({
        email: "jking@work.example.com",
        firstName: "jo",
        lastName: "KING",
        homeAddress: "3 elm st",
        contactNumber: "704-555-0302",
      });
      const res = await ctx.asAdmin<DuplicatePair[]>("GET", "/api/customers/duplicates");
      const pair = res.body.find((p) => p.keep._id === a.customerId || p.other._id === a.customerId);
      assert.equal(pair?.reason, "name-street");
      assert.deepEqual([pair?.keep._id, pair?.other._id], [a.customerId, b.customerId]);
    });

    await t.step("the list searches name, e-mail, phone digits and address, and pages by cursor", async () => {
      assert.deepEqual((await list("?q=0111")).body.data.map((r) => r.name).sort(), ["Lee Two", "Pat One"]);
      assert.deepEqual(
        (await list("?q=ORTIZ")).body.data.map((r) => r.name),
        ["Sam Ortiz"],
      );
      assert.deepEqual(
        (await list("?q=rental%20row")).body.data.map((r) => r.name),
        ["Sam Ortiz"],
      );
      assert.deepEqual(
        (await list("?q=work.example")).body.data.map((r) => r.name),
        ["jo KING"],
      );
      assert.deepEqual((await list("?q=(704)%20555-0111")).body.data.map((r) => r.name).sort(), ["Lee Two", "Pat One"]);

      const all = await list("?limit=100");
      const names = all.body.data.map((r) => r.name);
      assert.equal(all.body.total, names.length);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof list>> = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        assert.equal(page.status, 200, JSON.stringify(page.body));
        seen.push(...page.body.data.map((r) => r.name));
        // A customer made while paging does not shift the pages: it sorts before them here.
        if (seen.length === 2) await book({ email: "aaron.early@example.com", firstName: "Aaron", lastName: "Early" });
        cursor = page.body.nextCursor;
      } while (cursor);
      assert.deepEqual(seen, names);

      for (const sort of ["-name", "created", "-created", "lastVisit", "-lastVisit"]) {
        const whole = (await list(`?sort=${sort}&limit=100`)).body.data.map((r) => r._id);
        const paged: string[] = [];
        let next: string | null = null;
        do {
          const page: Awaited<ReturnType<typeof list>> = await list(
            `?sort=${sort}&limit=3${next ? `&cursor=${next}` : ""}`,
          );
          paged.push(...page.body.data.map((r) => r._id));
          next = page.body.nextCursor;
        } while (next);
        assert.deepEqual(paged, whole, `pages of ${sort}`);
      }
      const byVisit = (await list("?sort=-lastVisit&limit=1")).body.data[0]!;
      assert.equal(byVisit.lastVisitDate, DAYS[Math.min(day, DAYS.length) - 1]);
      assert.equal((await list("?cursor=not-a-cursor")).status, 400);
      assert.equal((await list("?limit=101")).status, 400);
      assert.equal((await list("?sort=price")).status, 400);
    });

    await t.step("PUT edits the record; a stale version is 409 with the record as it is", async () => {
      const booking = await book({ email: "vera.put@example.com", firstName: "Vera", lastName: "Put" });
      const before = (await detail(booking.customerId!)).body;
      const body = {
        name: "Vera Put-Smith",
        emails: ["vera.put@example.com", "Vera@Home.example.com"],
        phones: [{ number: "704.555.0177", label: "home" }],
        notes: "Dog in the yard",
        tags: ["vip"],
        version: before.version,
      };
      const saved = await ctx.asAdmin<DataEnvelope<Customer>>("PUT", `/api/customers/${before._id}`, { body });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.deepEqual(saved.body.data.emails, ["vera.put@example.com", "vera@home.example.com"]);
      assert.deepEqual(saved.body.data.phones, [{ number: "+17045550177", label: "home" }]);
      assert.equal(saved.body.data.version, before.version + 1);
      // The second e-mail now brings its bookings to Vera.
      assert.equal((await book({ email: "vera@home.example.com" })).customerId, before._id);

      const stale = await ctx.asAdmin<ErrorBody>("PUT", `/api/customers/${before._id}`, { body });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.message, STALE_CUSTOMER);
      assert.equal((stale.body.current as Customer).name, "Vera Put-Smith");

      const badPhone = await ctx.asAdmin<ErrorBody>("PUT", `/api/customers/${before._id}`, {
        body: { ...body, version: before.version + 1, phones: [{ number: "555-0101" }] },
      });
      assert.equal(badPhone.status, 400);
      assert.match(badPhone.body.message, /555-0101/);

      const taken = await ctx.asAdmin<ErrorBody>("PUT", `/api/customers/${before._id}`, {
        body: { ...body, version: before.version + 1, emails: ["dana.whitfield@example.com"] },
      });
      assert.equal(taken.status, 409);
      assert.equal((await detail(before._id)).body.version, before.version + 1, "nothing written");
    });

    await t.step("properties are added, edited, archived and restored", async () => {
      const dana = (await list("?q=dana.whitfield")).body.data[0]!;
      const added = await ctx.asAdmin<DataEnvelope<Property>>("POST", `/api/customers/${dana._id}/properties`, {
        body: { street: "40 Lake Rd", city: "Davidson", state: "NC", zip: "28036", accessNotes: "Gate 1234", units: 2 },
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      assert.deepEqual(added.body.data.equipment, { furnaceOrUnit: "N/A", units: 2 });
      const same = await ctx.asAdmin<ErrorBody>("POST", `/api/customers/${dana._id}/properties`, {
        body: { street: "40 lake road", city: "Davidson", state: "NC", zip: "28036" },
      });
      assert.equal(same.status, 409);
      const path = `/api/customers/${dana._id}/properties/${added.body.data._id}`;
      const edited = await ctx.asAdmin<DataEnvelope<Property>>("PUT", path, {
        body: { street: "40 Lake Rd", city: "Davidson", state: "NC", zip: "28036", accessNotes: "Gate 9999" },
      });
      assert.equal(edited.body.data.accessNotes, "Gate 9999");
      const archived = await ctx.asAdmin<DataEnvelope<Property>>("POST", `${path}/archive`);
      assert.ok(archived.body.data.archivedAt);
      assert.equal((await detail(dana._id)).body.properties.at(-1)!._id, added.body.data._id, "archived last");
      // A booking at an archived property's address takes it out of the archive: it is in use again.
      const there = await book({
        email: "DANA.whitfield@example.com",
        homeAddress: "40 Lake Road",
        city: "Davidson",
        zip: "28036",
      });
      assert.equal(there.propertyId, added.body.data._id);
      const inUse = (await detail(dana._id)).body.properties.find((p) => p._id === added.body.data._id);
      assert.equal(inUse?.archivedAt, null);
      assert.ok((await ctx.asAdmin<DataEnvelope<Property>>("POST", `${path}/archive`)).body.data.archivedAt);
      const restored = await ctx.asAdmin<DataEnvelope<Property>>("POST", `${path}/restore`);
      assert.equal(restored.body.data.archivedAt, null);
      const otherCustomer = (await list("?q=ortiz")).body.data[0]!;
      const wrongOwner = await ctx.asAdmin(
        "POST",
        `/api/customers/${otherCustomer._id}/properties/${added.body.data._id}/archive`,
      );
      assert.equal(wrongOwner.status, 404);
    });

    await t.step(
      "a merge moves bookings, properties, sessions and ratings, is audited and leaves a tombstone",
      async () => {
        const keep = await book({
          email: "kim.keep@example.com",
          firstName: "Kim",
          lastName: "Keep",
          homeAddress: "8 Pine Ct",
        });
        const from = await book({
          email: "kim.other@example.com",
          firstName: "Kim",
          lastName: "Keep",
          homeAddress: "8 Pine Court",
        });
        const fromElsewhere = await book({ email: "kim.other@example.com", homeAddress: "12 Beach Dr", zip: "28205" });
        await ctx.sql`insert into booking_ratings (booking_id, email, stars) values (${from._id}, 'kim.other@example.com', 5)`;
        const session = await signInCustomer(ctx, "kim.other@example.com");

        const itself = await ctx.asAdmin<ErrorBody>("POST", `/api/customers/${keep.customerId}/merge`, {
          body: { from: keep.customerId },
        });
        assert.equal(itself.status, 400);
        assert.equal(itself.body.message, MERGE_ITSELF);
        const unknown = await ctx.asAdmin("POST", `/api/customers/${keep.customerId}/merge`, {
          body: { from: "00000000-0000-4000-8000-000000000000" },
        });
        assert.equal(unknown.status, 404);

        const merged = await ctx.asAdmin<MergeResult>("POST", `/api/customers/${keep.customerId}/merge`, {
          body: { from: from.customerId },
        });
        assert.equal(merged.status, 200, JSON.stringify(merged.body));
        assert.deepEqual(merged.body.moved, { bookings: 2, properties: 1, estimates: 0, invoices: 0, payments: 0 });
        assert.deepEqual(merged.body.data.emails, ["kim.keep@example.com", "kim.other@example.com"]);

        const gone = await ctx.asAdmin<ErrorBody>("GET", `/api/customers/${from.customerId}`);
        assert.equal(gone.status, 404);
        assert.equal(gone.body.message, CUSTOMER_NOT_FOUND);
        const kept = (await detail(keep.customerId!)).body;
        assert.deepEqual(kept.visits.map((v) => v._id).sort(), [keep._id, from._id, fromElsewhere._id].sort());
        assert.equal(kept.properties.length, 2, "8 Pine Court is 8 Pine Ct: one property");
        assert.deepEqual(
          kept.ratings.map((r) => r.bookingId),
          [from._id],
        );
        const [moved] = await ctx.sql<{ customer_id: string }[]>`
        select customer_id from customer_sessions where email = 'kim.other@example.com'`;
        assert.equal(moved!.customer_id, keep.customerId);
        assert.ok(session);
        // A booking with the merged e-mail now joins the kept customer.
        assert.equal((await book({ email: "kim.other@example.com" })).customerId, keep.customerId);

        const [entry] = await ctx.sql<Pick<AuditEntry, "action">[] & { admin_email: string; changes: unknown }[]>`
        select action, admin_email, changes from audit_log
        where entity_type = 'customer' and entity_id = ${keep.customerId} and action = 'merge'`;
        assert.equal(entry!.admin_email, ctx.admin.email);
        assert.deepEqual((entry!.changes as Record<string, { to: unknown }>).mergedFrom, { to: from.customerId });

        const again = await ctx.asAdmin("POST", `/api/customers/${keep.customerId}/merge`, {
          body: { from: from.customerId },
        });
        assert.equal(again.status, 404, "a tombstone cannot be merged twice");
      },
    );

    await t.step("two merges of one pair at once: one wins, the other finds a tombstone", async () => {
      const p = await book({ email: "race.one@example.com", firstName: "Race" });
      const q = await book({ email: "race.two@example.com", firstName: "Race" });
      const merge = (keep: string, from: string) =>
        ctx.asAdmin<MergeResult>("POST", `/api/customers/${keep}/merge`, { body: { from } });
      const answers = await Promise.all([merge(p.customerId!, q.customerId!), merge(q.customerId!, p.customerId!)]);
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 404]);
      const [{ live }] = await ctx.sql<{ live: number }[]>`
        select count(*)::int as live from customers where id in (${p.customerId}, ${q.customerId}) and merged_into is null`;
      assert.equal(live, 1);
      const [{ owners }] = await ctx.sql<{ owners: number }[]>`
        select count(distinct customer_id)::int as owners from bookings where id in (${p._id}, ${q._id})`;
      assert.equal(owners, 1);
    });

    await t.step("a technician sees only the customers of their own jobs; another's is 404", async () => {
      const { member, token } = await addStaff(ctx, "Tess Tech");
      const job = await book({ email: "tess.job@example.com", firstName: "Job", lastName: "Owner" });
      await assignJob(ctx, job._id, member._id);
      const mine = await ctx.request<Page<CustomerRow>>("GET", "/api/customers", { token });
      assert.equal(mine.status, 200);
      assert.deepEqual(
        mine.body.data.map((r) => r._id),
        [job.customerId],
      );
      assert.equal(mine.body.total, 1);
      const own = await ctx.request("GET", `/api/customers/${job.customerId}`, { token });
      assert.equal(own.status, 200);
      const dana = (await list("?q=dana.whitfield")).body.data[0]!;
      const other = await ctx.request<ErrorBody>("GET", `/api/customers/${dana._id}`, { token });
      assert.equal(other.status, 404);
      for (const [method, path] of [
        ["GET", "/api/customers/duplicates"],
        ["PUT", `/api/customers/${job.customerId}`],
        ["POST", `/api/customers/${job.customerId}/merge`],
        ["POST", `/api/customers/${job.customerId}/properties`],
      ] as const) {
        const body = method === "GET" ? undefined : {};
        assert.equal((await ctx.request(method, path, { token, body })).status, 403, `${method} ${path}`);
      }
    });
  } finally {
    await ctx.close();
  }
});
