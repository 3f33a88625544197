import assert from "node:assert/strict";
import type { StaffSessionView } from "../../contracts/staff/sign-in.ts";
import { createTestContext, TEST_ADMIN } from "../../testing/context.ts";
import { passwordLogin } from "../../testing/sign-in.ts";
import { addStaff } from "../../testing/staff.ts";

const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

Deno.test("sessions: every sign-in is one, listed, seen, revoked alone or all others", async (t) => {
  const ctx = await createTestContext();
  const sessionsOf = (token: string) => ctx.request<StaffSessionView[]>("GET", "/api/account/sessions", { token });
  const newDeviceMails = async () =>
    (await ctx.sql`select 1 from outbox where kind = 'staff-new-sign-in' and to_address = ${TEST_ADMIN.email}`).length;
  const audited = async (action: string) =>
    await ctx.sql<{ admin_id: string | null; admin_email: string; entity_id: string }[]>`
      select admin_id, admin_email, entity_id from audit_log where action = ${action} order by seq`;
  try {
    const ipad = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password, IPAD)).body.token;
    const windows = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password, WINDOWS)).body.token;

    await t.step("the list names each device, marks the one asking, and holds no one else's", async () => {
      const res = await sessionsOf(ipad);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.map((s) => [s.device, s.current]).sort(), [
        ["Chrome on Windows", false],
        ["Safari on iPad", true],
      ]);
      assert.ok(res.body.every((s) => s.createdAt && s.lastSeenAt && typeof s.lastAddress === "string"));
      const tech = await addStaff(ctx, "Sam Tech");
      assert.equal((await sessionsOf(tech.token)).body.length, 1, "a technician sees their own only");
    });

    await t.step("a device not seen before is e-mailed about once; the same browser again is not", async () => {
      assert.equal(await newDeviceMails(), 2);
      await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password, IPAD);
      assert.equal(await newDeviceMails(), 2);
      assert.equal((await audited("sign_in")).filter((e) => e.admin_email === TEST_ADMIN.email).length, 3);
    });

    await t.step("last seen moves on with requests, at most once a minute", async () => {
      const before = (await sessionsOf(ipad)).body.find((s) => s.current)!.lastSeenAt;
      ctx.clock.advance(61_000);
      await ctx.request("GET", "/api/bookings", { token: ipad });
      const deadline = Date.now() + 5000;
      let after = before;
      while (after === before && Date.now() < deadline) {
        after = (await sessionsOf(ipad)).body.find((s) => s.current)!.lastSeenAt;
      }
      assert.equal(after, ctx.clock.now().toISOString());
    });

    await t.step("revoking one session ends its token and no other", async () => {
      const target = (await sessionsOf(ipad)).body.find((s) => s.device === "Chrome on Windows")!;
      const res = await ctx.request("DELETE", `/api/account/sessions/${target._id}`, { token: ipad });
      assert.equal(res.status, 204);
      assert.equal((await ctx.request("GET", "/api/bookings", { token: windows })).status, 401);
      assert.equal((await ctx.request("GET", "/api/bookings", { token: ipad })).status, 200);
      assert.deepEqual(ctx.events.events.at(-1), { event: "sessionRevoked", payload: { sessionId: target._id } });
      const again = await ctx.request("DELETE", `/api/account/sessions/${target._id}`, { token: ipad });
      assert.equal(again.status, 404, "already ended");
      const foreign = await ctx.request("DELETE", "/api/account/sessions/not-an-id", { token: ipad });
      assert.equal(foreign.status, 404);
      const revoked = await audited("session_revoked");
      assert.equal(revoked.at(-1)?.admin_id, ctx.admin._id, "audited with its actor");
    });

    await t.step("someone else's session is not found from one's own account", async () => {
      const tech = await addStaff(ctx, "Tom Tech");
      const techSession = (await sessionsOf(tech.token)).body[0]!;
      const res = await ctx.request("DELETE", `/api/account/sessions/${techSession._id}`, { token: ipad });
      assert.equal(res.status, 404);
      assert.equal((await ctx.request("GET", "/api/account/sessions", { token: tech.token })).status, 200);
    });

    await t.step("all others: every session but this one ends", async () => {
      const phone = (await passwordLogin(ctx, TEST_ADMIN.email, TEST_ADMIN.password, WINDOWS)).body.token;
      assert.equal((await ctx.request("DELETE", "/api/account/sessions", { token: ipad })).status, 400);
      const res = await ctx.request<{ revoked: number }>("DELETE", "/api/account/sessions?others=true", {
        token: ipad,
      });
      assert.equal(res.status, 200);
      assert.ok(res.body.revoked >= 2);
      assert.equal((await ctx.request("GET", "/api/bookings", { token: phone })).status, 401);
      assert.deepEqual(
        (await sessionsOf(ipad)).body.map((s) => s.current),
        [true],
      );
    });

    await t.step("owners list anyone's sessions and end one; an admin may not", async () => {
      const tech = await addStaff(ctx, "Tess Tech");
      const office = await addStaff(ctx, "Ada Admin", "admin");
      const listed = await ctx.request<StaffSessionView[]>("GET", `/api/staff/${tech.member._id}/sessions`, {
        token: ipad,
      });
      assert.equal(listed.status, 200);
      assert.equal(listed.body.length, 1);
      const path = `/api/staff/${tech.member._id}/sessions/${listed.body[0]!._id}`;
      assert.equal((await ctx.request("DELETE", path, { token: office.token })).status, 403);
      assert.equal((await ctx.request("GET", "/api/bookings", { token: tech.token })).status, 200);
      assert.equal((await ctx.request("DELETE", path, { token: ipad })).status, 204);
      assert.equal((await ctx.request("GET", "/api/bookings", { token: tech.token })).status, 401);
      const unknown = `/api/staff/${crypto.randomUUID()}/sessions`;
      assert.equal((await ctx.request("GET", unknown, { token: ipad })).status, 404);
      const entry = (await audited("session_revoked")).at(-1)!;
      assert.equal(entry.entity_id, tech.member._id);
      assert.equal(entry.admin_id, ctx.admin._id, "the owner is the actor");
    });
  } finally {
    await ctx.close();
  }
});
