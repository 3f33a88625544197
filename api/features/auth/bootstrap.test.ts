import assert from "node:assert/strict";
import { createTestDatabase } from "../../testing/database.ts";
import { ensureAdmin, GENERATED_ADMIN_EMAIL } from "./bootstrap.ts";
import { verifyPassword } from "../../platform/passwords.ts";
import { createAdminsRepo } from "./repo.ts";
import { TEST_PASSWORD_COST } from "../../testing/context.ts";

Deno.test("admin bootstrap at start", async (t) => {
  const db = await createTestDatabase();
  const repo = createAdminsRepo(db.sql);
  const printed: string[] = [];
  const announce = (text: string) => printed.push(text);
  const start = (options: { adminEmail: string | null; adminPassword: string | null; embedded: boolean }) =>
    ensureAdmin(repo, { ...options, announce, passwordCost: TEST_PASSWORD_COST });
  try {
    await t.step("creates the configured admin, then updates its password on the next start", async () => {
      await start({ adminEmail: "owner@example.com", adminPassword: "first password", embedded: false });
      await start({ adminEmail: "owner@example.com", adminPassword: "second password", embedded: false });
      const admin = await repo.findByEmail("owner@example.com");
      assert.ok(admin);
      assert.equal(await verifyPassword("second password", admin.passwordHash), true);
      assert.equal(await verifyPassword("first password", admin.passwordHash), false);
      assert.equal(await repo.count(), 1);
      assert.deepEqual(printed, [], "configured credentials are never printed");
      assert.match(admin.passwordHash!, /^scrypt\$1024\$8\$1\$/, "hashed at the configured cost");
    });

    await t.step("makes up no admin on a real database, nor when one exists", async () => {
      await db.sql`delete from admin_users`;
      await start({ adminEmail: null, adminPassword: null, embedded: false });
      assert.equal(await repo.count(), 0);
    });

    await t.step("on the embedded default creates one admin with a random password and prints it once", async () => {
      await start({ adminEmail: null, adminPassword: null, embedded: true });
      await start({ adminEmail: null, adminPassword: null, embedded: true });
      assert.equal(printed.length, 1);
      const password = /password: (\S+)/.exec(printed[0]!)![1]!;
      const admin = await repo.findByEmail(GENERATED_ADMIN_EMAIL);
      assert.ok(admin && (await verifyPassword(password, admin.passwordHash)));
      assert.ok(admin.passwordHash && !admin.passwordHash.includes(password), "only the hash is stored");
      assert.equal(admin.role, "owner", "the first admin is the owner");
      assert.equal(admin.status, "active");
    });
  } finally {
    await db.close();
  }
});
