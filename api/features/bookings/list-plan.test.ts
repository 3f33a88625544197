import assert from "node:assert/strict";
import * as v from "valibot";
import { BookingsListQuerySchema } from "../../contracts/bookings/schemas.ts";
import { encodeCursor } from "../../db/paging.ts";
import type { Sql } from "../../db/client.ts";
import { createTestDatabase } from "../../testing/database.ts";
import { bookingPageQueries } from "./repo.ts";

/** What a plan reads: the indexes it names, the tables it scans whole, and its kinds of nodes. */
function reads(plan: unknown): { indexes: Set<string>; seqScans: Set<string>; nodes: Set<string> } {
  const indexes = new Set<string>();
  const seqScans = new Set<string>();
  const nodes = new Set<string>();
  const visit = (node: Record<string, unknown>) => {
    if (typeof node["Index Name"] === "string") indexes.add(node["Index Name"]);
    if (node["Node Type"] === "Seq Scan") seqScans.add(String(node["Relation Name"]));
    nodes.add(String(node["Node Type"]));
    for (const child of (node["Plans"] as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  visit(plan as Record<string, unknown>);
  return { indexes, seqScans, nodes };
}

const ROWS = 20_000;

/** What the planner reads for one statement (the page's rows or its total) of the list under `query`. */
async function planOf(sql: Sql, query: Record<string, string>, part: "rows" | "total" = "rows") {
  const statement = bookingPageQueries(sql, v.parse(BookingsListQuerySchema, query))[part];
  const [row] = await sql<{ "QUERY PLAN": [{ Plan: unknown }] }[]>`explain (format json) ${statement}`;
  return reads(row!["QUERY PLAN"][0].Plan);
}

/** The columns the tests' generated bookings fill, in the order of their `select`. */
const COLUMNS = (sql: Sql) => sql`
  bookings (first_name, last_name, email, contact_number, home_address, city, state, zip, service_type, unit_count,
    cleaning_date, cleaning_time, original_price, discount_amount, estimated_price, status, created_at, updated_at)`;

// A test of the plan, not of time: with a realistic number of rows and fresh statistics, the planner itself chooses
// the index over reading the whole table, which is what keeps a page's cost flat as the history grows.
Deno.test(`the bookings' pages and search read through their indexes on ${ROWS} bookings`, async (t) => {
  const db = await createTestDatabase();
  const { sql } = db;
  try {
    await sql`
      insert into ${COLUMNS(sql)}
      select 'First' || g, 'Last' || g, 'user' || g || '@example.com',
             '(704) ' || lpad((g % 1000)::text, 3, '0') || '-' || lpad(g::text, 5, '0'),
             g || ' Oak Street', (array['Charlotte', 'Matthews', 'Concord', 'Huntersville'])[1 + g % 4], 'NC',
             (28000 + g % 300)::text, 'air-duct-cleaning', 1, date '2025-01-01' + g % 700, '9:00 AM',
             100 + g % 500, 0, 100 + g % 500, (array['pending', 'confirmed', 'completed', 'cancelled'])[1 + g % 4],
             timestamptz '2025-01-01' + g * interval '1 minute', timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`;
    await sql`analyze bookings`;
    const [middle] = await sql<{ id: string; created: string; day: string }[]>`
      select id, created_at::text as created, cleaning_date::text as day from bookings
      order by created_at desc, id desc offset 2500 limit 1`;

    const cases: [string, Record<string, string>, string, ("rows" | "total")?][] = [
      ["the first page, newest first", {}, "bookings_created_id_idx"],
      [
        "a page 50 pages deep",
        { cursor: encodeCursor("-created", middle!.created, middle!.id) },
        "bookings_created_id_idx",
      ],
      [
        "a page by visit date",
        { sort: "date", cursor: encodeCursor("date", middle!.day, middle!.id) },
        "bookings_date_id_idx",
      ],
      ["a search by a phone's last digits", { q: "12345" }, "bookings_words_idx"],
      ["a search by the start of the name", { q: "last1234" }, "bookings_words_idx"],
      ["a search by street", { q: "1234 oak" }, "bookings_words_idx"],
      ["the total of a search", { q: "user1234@" }, "bookings_words_idx", "total"],
      // Planned below a one-time filter, read only when no word begins with what was typed.
      ["a search by a part inside the name", { q: "ast1234" }, "bookings_search_idx"],
      ["the changes since an instant", { since: "2025-01-14T00:00:00.000Z" }, "bookings_updated_id_idx"],
      ["one status by visit date, newest first", { status: "completed", sort: "-date" }, "bookings_status_date_idx"],
    ];
    for (const [what, query, index, part] of cases) {
      await t.step(`${what} reads ${index}, never the whole bookings table`, async () => {
        const { indexes, seqScans } = await planOf(sql, query, part);
        assert.ok(indexes.has(index), `the plan names ${index}: ${[...indexes].join(", ") || "no index"}`);
        assert.ok(!seqScans.has("bookings"), "no sequential scan of bookings");
      });
    }

    // A search's matches are read by their ids, however many the planner expects: the sort's index read whole
    // (100,000 entries to keep the few hundred that match) is what made a search's cost grow with the table.
    for (const [what, query] of [
      ["a page", { q: "last12" }],
      ["a total", { q: "last12" }],
      ["a page", { q: "oak street" }],
    ] as const) {
      await t.step(`${what} of a search for ${query.q} reads its matches by id, not the sort index`, async () => {
        const { indexes } = await planOf(sql, query, what === "a total" ? "total" : "rows");
        assert.ok(indexes.has("bookings_pkey"), `the plan names bookings_pkey: ${[...indexes].join(", ")}`);
        assert.ok(!indexes.has("bookings_created_id_idx"), `the plan reads no sort index: ${[...indexes].join(", ")}`);
      });
    }

    await t.step(
      "a total stops counting at its bound, under a filter that matches a quarter of the table",
      async () => {
        // Whichever way the planner reads the rows (a scan that stops is cheap here), it stops after the bound.
        const { nodes } = await planOf(sql, { status: "completed", sort: "-date" }, "total");
        assert.ok(nodes.has("Limit"), `the count has a limit: ${[...nodes].join(", ")}`);
      },
    );
  } finally {
    await db.close();
  }
});

// The office's history, as a business has it: every future visit (a twentieth) still to do, every past one
// finished. Read from its newest end by date, the finished visits come after all the future ones in the date index.
Deno.test("the finished visits by date read from the newest finished one, not past every future visit", async () => {
  const db = await createTestDatabase();
  const { sql } = db;
  try {
    await sql`
      insert into ${COLUMNS(sql)}
      select 'First' || g, 'Last' || g, 'user' || g || '@example.com', '(704) 555-0100', g || ' Oak Street',
             'Charlotte', 'NC', '28209', 'air-duct-cleaning', 1, date '2026-01-01' + (g / 20), '9:00 AM',
             100, 0, 100,
             case when g > ${ROWS - ROWS / 20} then 'pending'
                  when g % 10 = 0 then 'cancelled' else 'completed' end,
             timestamptz '2025-12-01' + g * interval '1 minute', timestamptz '2025-12-01' + g * interval '1 minute'
      from generate_series(1, ${ROWS}) g`;
    await sql`analyze bookings`;
    const { indexes } = await planOf(sql, { status: "completed", sort: "-date" });
    assert.ok(
      indexes.has("bookings_finished_date_idx") || indexes.has("bookings_status_date_idx"),
      `the plan reads the finished visits' index or the status one: ${[...indexes].join(", ")}`,
    );
    assert.ok(!indexes.has("bookings_date_id_idx"), `not the date index alone: ${[...indexes].join(", ")}`);
  } finally {
    await db.close();
  }
});
