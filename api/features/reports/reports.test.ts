import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import type { ReportSummary } from "../../contracts/reports/reports.ts";
import { createTestContext } from "../../testing/context.ts";
import { linkInsertedBookings } from "../../testing/customers.ts";
import { addStaff } from "../../testing/staff.ts";

interface Seed {
  email: string;
  date: string;
  time?: string;
  status: "pending" | "confirmed" | "completed" | "cancelled";
  price: number;
  service?: string;
  zip?: string;
  technicianId?: string | null;
  comment?: string;
  createdAt?: string;
}

Deno.test("reports: every figure of a seeded period, the CSV exports, and who may read them", async (t) => {
  const ctx = await createTestContext();
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const seed = async (s: Seed) => {
      await ctx.sql`
        insert into bookings (first_name, last_name, email, contact_number, home_address, city, state, zip,
          furnace_or_unit, service_type, unit_count, cleaning_date, cleaning_time, comment, original_price,
          discount_amount, estimated_price, status, time_zone, technician_id, created_at)
        values ('Pat', ${s.email.split("@")[0]!}, ${s.email}, '(704) 555-0100', '1 Main St', 'Charlotte', 'NC',
          ${s.zip ?? "28203"}, 'Furnace', ${s.service ?? "air-duct-cleaning"}, 1, ${s.date}, ${s.time ?? "9:00 AM"},
          ${s.comment ?? ""}, ${s.price}, 0, ${s.price}, ${s.status}, 'America/New_York', ${s.technicianId ?? null},
          ${s.createdAt ?? "2026-01-01T12:00:00Z"})`;
    };
    const annId = ann.member._id;
    await seed({
      email: "alice@example.com",
      date: "2026-02-03",
      status: "completed",
      price: 200,
      technicianId: annId,
    });
    await seed({
      email: "bob@example.com",
      date: "2026-02-10",
      status: "confirmed",
      price: 150,
      service: "dryer-vent-cleaning",
    });
    await seed({ email: "carol@example.com", date: "2026-02-15", status: "cancelled", price: 300, zip: "28204" });
    // The last slot of the last day, booked at 11:30 PM New York time that night: it counts in February.
    await seed({
      email: "ALICE@example.com",
      date: "2026-02-28",
      time: "7:00 PM",
      status: "pending",
      price: 100,
      zip: "28205-1234",
      createdAt: "2026-03-01T04:30:00Z",
    });
    await seed({
      email: "erin@example.com",
      date: "2026-02-05",
      status: "completed",
      price: 80,
      service: "dryer-vent-cleaning",
      zip: "28207",
      technicianId: annId,
      comment: '=HYPERLINK("http://evil.example","Refund")',
    });
    // The day after the period, and a visit in the period before.
    await seed({ email: "dave@example.com", date: "2026-03-01", status: "completed", price: 999 });
    await seed({ email: "bob@example.com", date: "2026-01-20", status: "completed", price: 120 });

    // As the worker does within a minute: the report counts customers by their records.
    await linkInsertedBookings(ctx.sql);

    const feb = "from=2026-02-01&to=2026-02-28";

    await t.step("the totals, counted by visit date", async () => {
      const res = await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${feb}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.period, { from: "2026-02-01", to: "2026-02-28", bucket: "day" });
      assert.deepEqual(res.body.totals, {
        bookings: 5,
        completed: 2,
        cancelled: 1,
        cancellationRate: 0.2,
        bookedRevenue: 530,
        completedRevenue: 280,
        averageJob: 132.5,
        newCustomers: 3,
        returningCustomers: 1,
      });
      assert.deepEqual(
        { from: res.body.previous.from, to: res.body.previous.to, bookings: res.body.previous.totals.bookings },
        { from: "2026-01-04", to: "2026-01-31", bookings: 1 },
      );
      assert.equal(res.body.previous.totals.completedRevenue, 120);
    });

    await t.step("the series has every day of the period, the quiet ones too", async () => {
      const { series } = (await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${feb}`)).body;
      assert.equal(series.length, 28);
      assert.equal(series[0]!.bucket, "2026-02-01");
      const day = (d: string) => series.find((p) => p.bucket === d);
      assert.deepEqual(day("2026-02-03"), { bucket: "2026-02-03", bookings: 1, completed: 1, revenue: 200 });
      assert.deepEqual(day("2026-02-15"), { bucket: "2026-02-15", bookings: 1, completed: 0, revenue: 0 });
      assert.deepEqual(day("2026-02-28"), { bucket: "2026-02-28", bookings: 1, completed: 0, revenue: 100 });
      assert.equal(
        series.reduce((n, p) => n + p.bookings, 0),
        5,
      );
    });

    await t.step("a longer period is counted by week, a year by month", async () => {
      const quarter = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-01-01&to=2026-03-31");
      assert.equal(quarter.body.period.bucket, "week");
      // Weeks start on Monday: 2025-12-29 holds January 1st.
      assert.equal(quarter.body.series[0]!.bucket, "2025-12-29");
      const year = await ctx.asAdmin<ReportSummary>("GET", "/api/reports/summary?from=2026-01-01&to=2026-12-31");
      assert.equal(year.body.period.bucket, "month");
      assert.deepEqual(
        year.body.series.slice(0, 3).map((p) => [p.bucket, p.bookings, p.revenue]),
        [
          ["2026-01-01", 1, 120],
          ["2026-02-01", 5, 530],
          ["2026-03-01", 1, 999],
        ],
      );
    });

    await t.step("revenue by service, visits by technician, the top ZIP codes", async () => {
      const body = (await ctx.asAdmin<ReportSummary>("GET", `/api/reports/summary?${feb}`)).body;
      assert.deepEqual(
        body.byService.map((s) => [s.serviceType, s.bookings, s.revenue]),
        [
          ["air-duct-cleaning", 2, 300],
          ["dryer-vent-cleaning", 2, 230],
        ],
      );
      assert.ok(body.byService.every((s) => s.title.length > 0));
      assert.deepEqual(body.byTechnician, [
        { technicianId: annId, name: "Ann Tech", visits: 2, revenue: 280, averageRating: null, ratings: 0 },
      ]);
      assert.deepEqual(body.byZip, [
        { zip: "28203", bookings: 2 },
        { zip: "28205", bookings: 1 },
        { zip: "28207", bookings: 1 },
      ]);
    });

    const csv = async (path: string) => {
      const res = await ctx.app.request(path, { headers: { Authorization: `Bearer ${ctx.adminToken}` } });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { res, bytes, rows: parse(Buffer.from(bytes), { bom: true }) as string[][] };
    };

    await t.step("the bookings CSV: a header, one row per booking, a BOM, a file name, formulas defused", async () => {
      const { res, bytes, rows } = await csv(`/api/reports/bookings.csv?${feb}`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get("Content-Type"), "text/csv; charset=utf-8");
      assert.equal(
        res.headers.get("Content-Disposition"),
        'attachment; filename="bookings-2026-02-01-to-2026-02-28.csv"',
      );
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
      assert.equal(rows[0]![0], "Booking ID");
      assert.equal(rows.length, 6);
      const comment = rows[0]!.indexOf("Comment");
      const erin = rows.find((r) => r.includes("erin@example.com"))!;
      assert.equal(erin[comment], `'=HYPERLINK("http://evil.example","Refund")`);
      assert.deepEqual(
        rows.slice(1).map((r) => r[2]),
        ["2026-02-03", "2026-02-05", "2026-02-10", "2026-02-15", "2026-02-28"],
      );
    });

    await t.step("the customers CSV: one row per customer, e-mail case aside", async () => {
      const { res, rows } = await csv(`/api/reports/customers.csv?${feb}`);
      assert.equal(
        res.headers.get("Content-Disposition"),
        'attachment; filename="customers-2026-02-01-to-2026-02-28.csv"',
      );
      assert.deepEqual(
        rows.slice(1).map((r) => [r[0], r[5], r[7]]),
        [
          ["alice@example.com", "2", "300"],
          ["bob@example.com", "1", "150"],
          ["carol@example.com", "1", "0"],
          ["erin@example.com", "1", "80"],
        ],
      );
    });

    await t.step("a period the report cannot read is refused with 400", async () => {
      for (const query of [
        "from=2026-02-28&to=2026-02-01",
        "from=2026-02-30&to=2026-03-01",
        "from=2020-01-01&to=2026-12-31",
        "from=2026-02-01",
        "from=yesterday&to=today",
      ]) {
        const res = await ctx.asAdmin<{ message: string }>("GET", `/api/reports/summary?${query}`);
        assert.equal(res.status, 400, query);
        assert.ok(res.body.message, query);
        assert.equal((await ctx.asAdmin("GET", `/api/reports/bookings.csv?${query}`)).status, 400, query);
      }
    });

    await t.step("a technician gets 403 and a stranger 401, on every report", async () => {
      for (const path of ["summary", "bookings.csv", "customers.csv"]) {
        assert.equal((await ctx.request("GET", `/api/reports/${path}?${feb}`, { token: ann.token })).status, 403, path);
        assert.equal((await ctx.request("GET", `/api/reports/${path}?${feb}`)).status, 401, path);
      }
    });
  } finally {
    await ctx.close();
  }
});
