import assert from "node:assert/strict";
import type { Booking } from "./contracts/bookings/booking.ts";
import type { DataEnvelope } from "./contracts/common/wire.ts";
import { MESSAGES } from "./contracts/common/messages.ts";
import { type RoleTableRow, roleTable, type RouteRole } from "./http/roles.ts";
import { createTestContext } from "./testing/context.ts";
import { bookingBody } from "./testing/fixtures.ts";
import { addStaff } from "./testing/staff.ts";
import { signInCustomer } from "./testing/portal.ts";

/**
 * The role matrix comes from the app's own route table (Hono's `app.routes`): a route added without a declared role
 * fails the first test by name, and every declared one is called by each role that may not call it.
 */

/**
 * Who is refused by a route of each role, and with what: no session 401, a session of the wrong role 403. A
 * customer's session opens no staff route, and no staff token opens a customer's page.
 */
const REFUSED: Record<RouteRole, ("visitor" | "customer" | "technician" | "admin")[]> = {
  public: [],
  customer: ["visitor", "technician", "admin"],
  technician: ["visitor", "customer"],
  admin: ["visitor", "customer", "technician"],
  owner: ["visitor", "customer", "technician", "admin"],
};

const describe = (row: RoleTableRow) => `${row.method} ${row.path}`;

Deno.test("every API route declares who may call it: public, customer, technician, admin or owner", async () => {
  const ctx = await createTestContext();
  try {
    const table = roleTable(ctx.app.routes);
    assert.ok(table.length > 40, `the table lists the app's routes (${table.length})`);
    const undeclared = table.filter((row) => row.roles.length === 0).map(describe);
    assert.deepEqual(undeclared, [], "routes without a role: give each publicRoute, requireStaff or requireAdmin");
    const ambiguous = table.filter((row) => row.roles.length > 1).map((row) => `${describe(row)}: ${row.roles}`);
    assert.deepEqual(ambiguous, [], "routes with more than one role");
  } finally {
    await ctx.close();
  }
});

Deno.test("authorization: every route refuses each role that may not call it, before reading anything", async (t) => {
  const ctx = await createTestContext();
  try {
    const tech = await addStaff(ctx, "Tina Tech");
    const office = await addStaff(ctx, "Adam Admin", "admin");
    const booking = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody() });
    const id = booking.body.data._id;
    const customer = await signInCustomer(ctx, booking.body.data.email);
    const tokens = { visitor: undefined, customer, technician: tech.token, admin: office.token };
    // A real booking's id in every :id: had a refused call reached its handler, it would have found something.
    const fill = (path: string) =>
      path
        .replace(/:token/g, "f".repeat(64))
        .replace(/:itemId/g, "plenums")
        .replace(/:id/g, id);
    const rows = roleTable(ctx.app.routes).filter((row) => row.method !== "ALL" && row.roles.length === 1);

    for (const row of rows) {
      const role = row.roles[0]!;
      for (const caller of REFUSED[role]) {
        await t.step(`${describe(row)} (${role}) as a ${caller}`, async () => {
          const res = await ctx.request<{ message: string }>(row.method, fill(row.path), {
            token: tokens[caller],
            body: row.method === "GET" ? undefined : {},
          });
          const expected = caller === "visitor" ? 401 : 403;
          assert.equal(res.status, expected);
          const message = caller === "visitor" ? MESSAGES.unauthorized : MESSAGES.forbidden;
          assert.deepEqual(res.body, { message });
        });
      }
    }

    await t.step("nothing a refused call aimed at changed", async () => {
      const still = await ctx.asAdmin<Booking>("GET", `/api/bookings/${id}`);
      assert.equal(still.body.version, 1, "the booking was not touched");
      assert.equal((await ctx.asAdmin<unknown[]>("GET", "/api/services")).body.length, 8);
    });

    await t.step("a technician keeps their own session: logout and password change are theirs", async () => {
      const changed = await ctx.request("PUT", "/api/auth/password", {
        token: tech.token,
        body: { currentPassword: "a long enough staff passphrase", newPassword: "another long staff passphrase" },
      });
      assert.equal(changed.status, 200);
      const token = (changed.body as { token: string }).token;
      assert.equal((await ctx.request("POST", "/api/auth/logout", { token })).status, 204);
      assert.equal((await ctx.request("GET", "/api/bookings", { token })).status, 401);
    });

    await t.step("the customer's session still opens their own page after all those refusals", async () => {
      assert.equal((await ctx.request("GET", "/api/portal/visits", { token: customer })).status, 200);
    });
  } finally {
    await ctx.close();
  }
});
