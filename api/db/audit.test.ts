import assert from "node:assert/strict";
import type { AuditEntry } from "../contracts/audit/audit.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Service } from "../contracts/services/service.ts";
import { MESSAGES } from "../contracts/common/messages.ts";
import { createTestContext, TEST_ADMIN, TEST_NOW } from "../testing/context.ts";
import { rowCounts } from "../testing/database.ts";
import { bookingBody, serviceBody } from "../testing/fixtures.ts";
import { diffFields } from "./audit.ts";

Deno.test("audit trail of admin changes", async (t) => {
  const ctx = await createTestContext();
  const book = async (overrides = {}) => {
    const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) });
    assert.equal(res.status, 201);
    return res.body.data;
  };
  const history = (id: string) => ctx.asAdmin<AuditEntry[]>("GET", `/api/bookings/${id}/history`);
  const serviceLog = (id: string) => ctx.repos.audit.history("service", id);

  try {
    await t.step("a customer's booking has an empty history; strangers get 401, unknown ids 404", async () => {
      const booking = await book();
      const res = await history(booking._id);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, []);
      assert.equal((await ctx.request("GET", `/api/bookings/${booking._id}/history`)).status, 401);
      const unknown = await history(crypto.randomUUID());
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body, { message: MESSAGES.bookingNotFound });
      assert.equal((await history("not-a-uuid")).status, 404);
    });

    await t.step("status, edit and delete are recorded with who, when and what changed", async () => {
      const booking = await book({ cleaningTime: "10:00 AM" });
      const status = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, { body: { status: "confirmed" } });
      assert.equal(status.status, 200);
      const edit = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}`, {
        body: { ...bookingBody({ cleaningTime: "10:00 AM" }), city: "Matthews", comment: "<b>gate</b> 4512" },
      });
      assert.equal(edit.status, 200);
      const removed = await ctx.asAdmin("DELETE", `/api/bookings/${booking._id}`);
      assert.equal(removed.status, 200);

      const res = await history(booking._id);
      assert.equal(res.status, 200, "a deleted booking keeps its history");
      assert.deepEqual(
        res.body.map((e) => e.action),
        ["delete", "update", "status"],
        "newest first",
      );
      for (const entry of res.body) {
        assert.equal(entry.adminId, ctx.admin._id);
        assert.equal(entry.adminEmail, TEST_ADMIN.email);
        assert.equal(entry.entityType, "booking");
        assert.equal(entry.entityId, booking._id);
        assert.equal(entry.at, new Date(entry.at).toISOString());
        assert.ok(!("version" in entry.changes) && !("updatedAt" in entry.changes), "bookkeeping is left out");
      }
      const [deleted, updated, changedStatus] = res.body;
      assert.deepEqual(changedStatus!.changes, { status: { from: "pending", to: "confirmed" } });
      assert.deepEqual(updated!.changes, {
        city: { from: "Charlotte", to: "Matthews" },
        comment: { from: "Gate code 4512", to: "<b>gate</b> 4512" },
      });
      assert.deepEqual(deleted!.changes.firstName, { from: "Dana" });
      assert.deepEqual(deleted!.changes.status, { from: "confirmed" });
      assert.equal(deleted!.changes.city!.to, undefined);
    });

    await t.step("a refused change writes no audit entry", async () => {
      const booking = await book({ cleaningTime: "11:00 AM" });
      const before = await rowCounts(ctx.sql);
      const stale = await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, {
        body: { status: "completed", version: 99 },
      });
      assert.equal(stale.status, 409);
      assert.equal(
        (await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, { body: { status: "x" } })).status,
        400,
      );
      assert.equal((await ctx.asAdmin("DELETE", `/api/bookings/${crypto.randomUUID()}`)).status, 404);
      assert.equal((await ctx.asAdmin("PUT", "/api/services/nope", { body: serviceBody() })).status, 404);
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step("the change and its audit entry commit together: no entry, no change", async () => {
      const booking = await book({ cleaningTime: "12:00 PM" });
      const { createApp } = await import("../app.ts");
      const failingAudit = {
        ...ctx.repos.audit,
        record: () => Promise.reject(new Error("audit store broken")),
      };
      const app = createApp({ ...ctx.deps, repos: { ...ctx.repos, audit: failingAudit } });
      const res = await app.request(`/api/bookings/${booking._id}/status`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${ctx.adminToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ status: "cancelled" }),
      });
      assert.equal(res.status, 500);
      const [row] = await ctx.sql`select status, version from bookings where id = ${booking._id}`;
      assert.deepEqual({ ...row }, { status: "pending", version: 1 }, "the status change was rolled back");
      const del = await app.request(`/api/services/air-duct-cleaning`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ctx.adminToken}` },
      });
      assert.equal(del.status, 500);
      assert.ok(await ctx.repos.services.get("air-duct-cleaning"), "the service was not deleted");
    });

    await t.step("services: create, edit and delete are recorded; the entries outlive the service", async () => {
      const created = await ctx.asAdmin<DataEnvelope<Service>>("POST", "/api/services", { body: serviceBody() });
      assert.equal(created.status, 201);
      const id = created.body.data._id;
      const edited = await ctx.asAdmin("PUT", `/api/services/${id}`, { body: serviceBody({ price: 950 }) });
      assert.equal(edited.status, 200);
      assert.equal((await ctx.asAdmin("DELETE", `/api/services/${id}`)).status, 200);
      const entries = await serviceLog(id);
      assert.deepEqual(
        entries.map((e) => e.action),
        ["delete", "update", "create"],
      );
      assert.deepEqual(entries[1]!.changes, { price: { from: 899, to: 950 } });
      assert.deepEqual(entries[2]!.changes.title, { to: "Attic Insulation" });
      assert.deepEqual(entries[0]!.changes.packages, { from: serviceBody().packages });
      assert.ok(entries.every((e) => e.adminEmail === TEST_ADMIN.email && e.adminId === ctx.admin._id));
    });

    await t.step("a save that changes nothing adds no entry", async () => {
      const booking = await book({ cleaningTime: "1:00 PM" });
      await ctx.asAdmin("PUT", `/api/bookings/${booking._id}/status`, { body: { status: "pending" } });
      assert.deepEqual((await history(booking._id)).body, []);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("diffFields: only changed fields, from/to by action, bookkeeping left out", () => {
  assert.deepEqual(diffFields({ a: 1, b: [1], version: 1 }, { a: 1, b: [2], version: 2 }), {
    b: { from: [1], to: [2] },
  });
  assert.deepEqual(diffFields(null, { a: "x", updatedAt: TEST_NOW }), { a: { to: "x" } });
  assert.deepEqual(diffFields({ a: "x", _id: "1" }, null), { a: { from: "x" } });
});
