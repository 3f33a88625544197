import assert from "node:assert/strict";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { DataEnvelope } from "../../../contracts/common/wire.ts";
import type { Passkey } from "../../../contracts/staff/passkeys.ts";
import type { LoginResponse } from "../../../contracts/staff/staff.ts";
import { createTestContext, type TestContext } from "../../../testing/context.ts";
import { rowCounts } from "../../../testing/database.ts";
import { addStaff } from "../../../testing/staff.ts";
import { registerPasskey, softwarePasskey } from "../../../testing/webauthn.ts";

const SITE = "https://office.clearflow.example";

async function withContext(fn: (ctx: TestContext) => Promise<void>, env: Record<string, string> = {}) {
  const ctx = await createTestContext({ env: { PUBLIC_URL: SITE, ...env } });
  try {
    await fn(ctx);
  } finally {
    await ctx.close();
  }
}

const newPasskey = (ctx: TestContext) => softwarePasskey(ctx.config.passkeys);

const register = registerPasskey;

const signInOptions = async (ctx: TestContext) => {
  const res = await ctx.request<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/auth/passkey/options");
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};

const signIn = (ctx: TestContext, response: unknown) =>
  ctx.request<LoginResponse & { message?: string }>("POST", "/api/auth/passkey", { body: { response } });

const auditOf = (ctx: TestContext, action: string) =>
  ctx.sql<
    {
      entity_id: string;
      admin_id: string | null;
      admin_email: string;
      changes: Record<string, { from?: unknown; to?: unknown }>;
    }[]
  >`
    select entity_id, admin_id, admin_email, changes from audit_log
    where entity_type = 'passkey' and action = ${action} order by seq`;

Deno.test(
  "a staff member adds a passkey and signs in with it: the same token and user a password login answers",
  async () => {
    await withContext(async (ctx) => {
      const options = await ctx.asAdmin<PublicKeyCredentialCreationOptionsJSON>(
        "POST",
        "/api/account/passkeys/options",
      );
      assert.equal(options.status, 200);
      // The relying party is PUBLIC_URL's host; the person is named by their e-mail.
      assert.equal(options.body.rp.id, "office.clearflow.example");
      assert.ok(options.body.challenge.length >= 16);
      assert.equal(options.body.user.name, ctx.admin.email);
      assert.equal(options.body.authenticatorSelection?.residentKey, "required");

      const passkey = newPasskey(ctx);
      const added = await register(ctx, ctx.adminToken, passkey, "  Front desk  ");
      assert.equal(added.name, "Front desk");
      assert.equal(added.lastUsedAt, null);

      const listed = await ctx.asAdmin<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys");
      assert.deepEqual(listed.body.data, [added]);

      const auth = await signInOptions(ctx);
      assert.ok(auth.challenge.length >= 16);
      assert.equal(auth.rpId, "office.clearflow.example");
      // Discoverable credentials: the browser offers the person's passkeys (and autofills them).
      assert.deepEqual(auth.allowCredentials ?? [], []);
      ctx.clock.advance(60_000);
      const res = await signIn(ctx, passkey.assert(auth));
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.user, ctx.admin);
      // The token it answers opens the staff routes.
      const mine = await ctx.request<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys", {
        token: res.body.token,
      });
      assert.equal(mine.status, 200);
      assert.equal(mine.body.data[0]!.lastUsedAt, ctx.clock.now().toISOString());

      const [created] = await auditOf(ctx, "create");
      assert.equal(created?.entity_id, added._id);
      assert.equal(created?.admin_id, ctx.admin._id);
      const [signedIn] = await auditOf(ctx, "sign_in");
      assert.equal(signedIn?.admin_id, ctx.admin._id);
      assert.deepEqual(signedIn?.changes.counter, { from: 0, to: 1 });
    });
  },
);

Deno.test("a challenge is used once: a replayed sign-in or registration is refused", async () => {
  await withContext(async (ctx) => {
    const passkey = newPasskey(ctx);
    await register(ctx, ctx.adminToken, passkey);
    const response = passkey.assert(await signInOptions(ctx));
    assert.equal((await signIn(ctx, response)).status, 200);
    const replayed = await signIn(ctx, response);
    assert.equal(replayed.status, 400);
    assert.match(replayed.body.message ?? "", /expired or was already used/);
    assert.equal((await auditOf(ctx, "sign_in_refused"))[0]?.changes.reason?.to, "challenge");

    // A registration answer sent twice: the second finds no challenge, and no second row is kept.
    const other = newPasskey(ctx);
    const options = await ctx.asAdmin<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/account/passkeys/options");
    const body = { name: "Tablet", response: other.register(options.body) };
    assert.equal((await ctx.asAdmin("POST", "/api/account/passkeys", { body })).status, 201);
    assert.equal((await ctx.asAdmin("POST", "/api/account/passkeys", { body })).status, 400);
    const listed = await ctx.asAdmin<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys");
    assert.equal(listed.body.data.length, 2);
  });
});

Deno.test("a challenge expires after 5 minutes", async () => {
  await withContext(async (ctx) => {
    const passkey = newPasskey(ctx);
    const options = await ctx.asAdmin<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/account/passkeys/options");
    ctx.clock.advance(5 * 60_000 + 1);
    const late = await ctx.asAdmin("POST", "/api/account/passkeys", {
      body: { name: "Late", response: passkey.register(options.body) },
    });
    assert.equal(late.status, 400);
    await register(ctx, ctx.adminToken, passkey);
    const auth = await signInOptions(ctx);
    ctx.clock.advance(5 * 60_000 + 1);
    assert.equal((await signIn(ctx, passkey.assert(auth))).status, 400);
    // Within the 5 minutes it goes through.
    const fresh = await signInOptions(ctx);
    ctx.clock.advance(4 * 60_000);
    assert.equal((await signIn(ctx, passkey.assert(fresh))).status, 200);
  });
});

Deno.test("a signature counter going backwards (a cloned authenticator) is refused and audited", async () => {
  await withContext(async (ctx) => {
    const passkey = newPasskey(ctx);
    const added = await register(ctx, ctx.adminToken, passkey);
    assert.equal((await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 7 }))).status, 200);
    const clone = await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 3 }));
    assert.equal(clone.status, 401);
    assert.equal(clone.body.token, undefined);
    const same = await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 7 }));
    assert.equal(same.status, 401, "the same counter again is refused as well");
    const refused = await auditOf(ctx, "sign_in_refused");
    assert.equal(refused.length, 2);
    assert.equal(refused[0]!.entity_id, added._id);
    assert.equal(refused[0]!.admin_email, ctx.admin.email);
    assert.equal(refused[0]!.changes.reason?.to, "counter went backwards");
    assert.deepEqual([refused[0]!.changes.storedCounter?.to, refused[0]!.changes.reportedCounter?.to], [7, 3]);
    // The real authenticator, moving on, still signs in.
    assert.equal((await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 8 }))).status, 200);
  });
});

Deno.test("refused: an unknown passkey, another site's answer, a forged signature, a deactivated person", async () => {
  await withContext(async (ctx) => {
    const tech = await addStaff(ctx, "Tia Tech");
    const passkey = newPasskey(ctx);
    await register(ctx, tech.token, passkey);

    const stranger = newPasskey(ctx);
    assert.equal((await signIn(ctx, stranger.assert(await signInOptions(ctx)))).status, 401);
    const phished = passkey.assert(await signInOptions(ctx), { origin: "https://clearflow-login.example" });
    assert.equal((await signIn(ctx, phished)).status, 401);
    const forged = passkey.assert(await signInOptions(ctx));
    const tampered = {
      ...forged,
      response: { ...forged.response, signature: stranger.assert(await signInOptions(ctx)).response.signature },
    };
    assert.equal((await signIn(ctx, tampered)).status, 401);

    const wrongOrigin = newPasskey(ctx);
    const options = await ctx.asAdmin<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/account/passkeys/options");
    const refusedAdd = await ctx.asAdmin("POST", "/api/account/passkeys", {
      body: { name: "Phished", response: wrongOrigin.register(options.body, { origin: "https://evil.example" }) },
    });
    assert.equal(refusedAdd.status, 400);

    const deactivated = await ctx.asAdmin("PUT", `/api/staff/${tech.member._id}`, { body: { active: false } });
    assert.equal(deactivated.status, 200, JSON.stringify(deactivated.body));
    assert.equal((await signIn(ctx, passkey.assert(await signInOptions(ctx)))).status, 401);
    const reasons = (await auditOf(ctx, "sign_in_refused")).map((e) => e.changes.reason?.to);
    assert.deepEqual(reasons, ["unknown passkey", "not verified", "not verified", "not active"]);
  });
});

Deno.test("a person sees, renames and removes only their own passkeys: another's id is not found", async () => {
  await withContext(async (ctx) => {
    const tech = await addStaff(ctx, "Tia Tech");
    const office = await addStaff(ctx, "Adam Admin", "admin");
    const mine = await register(ctx, tech.token, newPasskey(ctx), "Tablet");
    const theirs = await register(ctx, ctx.adminToken, newPasskey(ctx), "Owner phone");

    const listed = await ctx.request<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys", { token: tech.token });
    assert.deepEqual(
      listed.body.data.map((p) => p.name),
      ["Tablet"],
    );
    const officeList = await ctx.request<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys", {
      token: office.token,
    });
    assert.deepEqual(officeList.body.data, [], "an admin does not see the owner's passkeys either");

    for (const token of [tech.token, office.token]) {
      const rename = await ctx.request("PATCH", `/api/account/passkeys/${theirs._id}`, {
        token,
        body: { name: "Mine now" },
      });
      assert.equal(rename.status, 404);
      assert.equal((await ctx.request("DELETE", `/api/account/passkeys/${theirs._id}`, { token })).status, 404);
    }
    assert.equal((await ctx.request("DELETE", "/api/account/passkeys/not-an-id", { token: tech.token })).status, 404);
    const owner = await ctx.asAdmin<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys");
    assert.deepEqual(owner.body.data, [theirs]);

    const renamed = await ctx.request<DataEnvelope<Passkey>>("PATCH", `/api/account/passkeys/${mine._id}`, {
      token: tech.token,
      body: { name: "Van tablet" },
    });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.data.name, "Van tablet");
    const blank = await ctx.request("PATCH", `/api/account/passkeys/${mine._id}`, {
      token: tech.token,
      body: { name: " " },
    });
    assert.equal(blank.status, 400);
    assert.equal((await ctx.request("DELETE", `/api/account/passkeys/${mine._id}`, { token: tech.token })).status, 204);
    const after = await ctx.request<DataEnvelope<Passkey[]>>("GET", "/api/account/passkeys", { token: tech.token });
    assert.deepEqual(after.body.data, []);
    const audited = await ctx.sql<{ action: string }[]>`
      select action from audit_log where entity_type = 'passkey' and entity_id = ${mine._id} order by seq`;
    assert.deepEqual(
      audited.map((a) => a.action),
      ["create", "update", "delete"],
    );
  });
});

Deno.test("a removed passkey signs no one in", async () => {
  await withContext(async (ctx) => {
    const passkey = newPasskey(ctx);
    const added = await register(ctx, ctx.adminToken, passkey);
    assert.equal((await ctx.asAdmin("DELETE", `/api/account/passkeys/${added._id}`)).status, 204);
    assert.equal((await signIn(ctx, passkey.assert(await signInOptions(ctx)))).status, 401);
  });
});

Deno.test("the login limits apply to passkey sign-ins: failures of one account lock it out", async () => {
  await withContext(
    async (ctx) => {
      const passkey = newPasskey(ctx);
      await register(ctx, ctx.adminToken, passkey);
      assert.equal((await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 5 }))).status, 200);
      for (let i = 0; i < 2; i++)
        assert.equal((await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 1 }))).status, 401);
      const locked = await signIn(ctx, passkey.assert(await signInOptions(ctx), { counter: 9 }));
      assert.equal(locked.status, 429);
      assert.ok(locked.headers.get("Retry-After"));
    },
    { LOGIN_LIMIT_PER_ACCOUNT: "2" },
  );
});

Deno.test("a malformed answer is refused with 400 and writes nothing, whatever the ceremony", async () => {
  await withContext(async (ctx) => {
    const passkey = newPasskey(ctx);
    const options = await ctx.asAdmin<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/account/passkeys/options");
    const good = passkey.register(options.body);
    const before = await rowCounts(ctx.sql);
    const bodies = [
      {},
      { name: "Laptop" },
      { name: "", response: good },
      { name: "x".repeat(61), response: good },
      { name: "Laptop", response: { ...good, id: "A".repeat(1365), rawId: "A".repeat(1365) } },
      { name: "Laptop", response: { ...good, type: "password" } },
      { name: "Laptop", response: { ...good, response: { ...good.response, clientDataJSON: "not base64url!" } } },
    ];
    for (const body of bodies) {
      const res = await ctx.asAdmin<{ message: string }>("POST", "/api/account/passkeys", { body });
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(typeof res.body.message, "string");
    }
    for (const body of [{}, { response: { ...passkey.assert({ challenge: "abc" }), id: "" } }]) {
      assert.equal((await ctx.request("POST", "/api/auth/passkey", { body })).status, 400);
    }
    assert.deepEqual(await rowCounts(ctx.sql), before);
  });
});
