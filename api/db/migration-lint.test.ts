import assert from "node:assert/strict";
import { loadMigrations } from "./migrate.ts";
import { lintMigration } from "./migration-lint.ts";

const migration = (sql: string) => ({ version: 31, name: "change", sql });

Deno.test(
  "migrations: every migration in api/db/migrations expands or names the release its contract waited for",
  async () => {
    const problems = (await loadMigrations()).flatMap(lintMigration);
    assert.deepEqual(problems, []);
  },
);

Deno.test("migration lint: refuses a drop or rename without the release that stopped using the old one", () => {
  for (const sql of [
    "drop table bookings_old;",
    "alter table bookings drop column legacy_notes;",
    "alter table bookings drop legacy_notes;",
    "alter table bookings rename column notes to remarks;",
    "alter table bookings rename notes to remarks;",
    "alter table mail_outbox rename to outbox;",
    "drop view mail_outbox;",
  ]) {
    const [problem] = lintMigration(migration(sql));
    assert.match(problem ?? "", /^031_change\.sql .*unused since release <version>/, sql);
  }
});

Deno.test("migration lint: lets an expand through, and a contract whose header names the release", () => {
  for (const sql of [
    "alter table bookings add column remarks text;",
    "create index bookings_x_idx on bookings (id);",
    "alter index a_idx rename to b_idx;",
    "alter table bookings drop constraint bookings_x_check;",
    "alter table bookings alter column notes drop default;",
    "alter table bookings alter column notes drop not null;",
    "drop index if exists bookings_x_idx;",
    "-- Notes that the old release dropped are kept.\ncreate table kept (id int);",
  ]) {
    assert.deepEqual(lintMigration(migration(sql)), [], sql);
  }
  const contract =
    "-- contract: bookings.legacy_notes unused since release 1.14.0\nalter table bookings drop column legacy_notes;";
  assert.deepEqual(lintMigration(migration(contract)), []);
  // The header must be at the top and name a release.
  assert.equal(
    lintMigration(migration("alter table bookings drop column legacy_notes;\n-- contract: unused since release 1.14.0"))
      .length,
    1,
  );
  assert.equal(
    lintMigration(migration("-- contract: legacy_notes unused since release soon\nalter table b drop column c;"))
      .length,
    1,
  );
});
