import assert from "node:assert/strict";
import { BadRequest } from "../errors.ts";
import { decodeCursor, encodeCursor, type ListOrder } from "./paging.ts";
import { searchPatterns } from "./search.ts";

const ID = "0b5d3c4e-1f2a-4b3c-8d4e-5f6a7b8c9d0e";
const byCreated: ListOrder = { name: "-created", key: "created_at", type: "timestamptz", descending: true };
const byDate: ListOrder = { name: "date", key: "cleaning_date", type: "date", descending: false };
const byName: ListOrder = { name: "name", key: "lower(name)", type: "text", descending: false };

const refused = (cursor: string, order: ListOrder) =>
  assert.throws(
    () => decodeCursor(cursor, order),
    (e) => e instanceof BadRequest && e.message === "cursor is not valid",
  );

Deno.test("a cursor gives back the position it was made from, in its order only", () => {
  const instant = "2026-11-28 19:05:42.123+00";
  assert.deepEqual(decodeCursor(encodeCursor("-created", instant, ID), byCreated), { value: instant, id: ID });
  assert.deepEqual(decodeCursor(encodeCursor("name", "o'brien, zoë", ID), byName), { value: "o'brien, zoë", id: ID });
  assert.match(encodeCursor("name", "ü?>", ID), /^[A-Za-z0-9_-]+$/, "safe in a URL as it is");
  refused(encodeCursor("date", "2026-03-03", ID), byCreated);
});

Deno.test("refuses a cursor whose value would fail in the database's cast, before it gets there", () => {
  refused(encodeCursor("date", "2026-02-31", ID), byDate);
  refused(encodeCursor("date", "yesterday", ID), byDate);
  refused(encodeCursor("-created", "2026-11-28 25:00:00+00", ID), byCreated);
  refused(encodeCursor("-created", "2026-11-28", ID), byCreated);
  refused(encodeCursor("date", "2026-03-03", "not-a-uuid"), byDate);
  refused(encodeCursor("name", "\u0000", ID), byName);
});

Deno.test("refuses a cursor that is not one: not base64url, not JSON, not three strings", () => {
  refused("not a cursor", byDate);
  refused("e30", byDate); // {}
  refused(btoa(JSON.stringify(["date", "2026-03-03"])), byDate);
  refused(btoa(JSON.stringify(["date", 20260303, ID])), byDate);
  refused("_-_-", byDate);
});

Deno.test("search words: each must appear, a phone written with separators by its digits, wildcards literal", () => {
  assert.deepEqual(searchPatterns("  Dana   WHITFIELD "), ["%dana%", "%whitfield%"]);
  assert.deepEqual(searchPatterns("(704) 555-0131"), ["%704%", "%5550131%"]);
  assert.deepEqual(searchPatterns("555.0131"), ["%5550131%"]);
  assert.deepEqual(searchPatterns("E-1001"), ["%e-1001%"]);
  assert.deepEqual(searchPatterns("100%_\\"), ["%100\\%\\_\\\\%"]);
  assert.deepEqual(searchPatterns("-"), ["%-%"]);
  assert.deepEqual(searchPatterns("   "), []);
});
