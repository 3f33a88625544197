import assert from "node:assert/strict";
import { createTestContext } from "../testing/context.ts";
import { bookingBody } from "../testing/fixtures.ts";
import { memoryLogger } from "../testing/log.ts";
import { loggedPath } from "./request-log.ts";

Deno.test("request log: a manage link's token never reaches the log", async (t) => {
  const log = memoryLogger();
  const ctx = await createTestContext({ deps: (deps) => ({ ...deps, log }) });
  try {
    const booked = await ctx.request<{ data: { _id: string } }>("POST", "/api/bookings", {
      body: bookingBody({ cleaningDate: "2026-03-10" }),
    });
    assert.equal(booked.status, 201);
    const [row] = await ctx.sql<{ manage_token: string }[]>`
      select manage_token from bookings where id = ${booked.body.data._id}`;
    const token = row!.manage_token;
    const prefix = token.slice(0, 4);

    await t.step("reads, moves, cancels and the page are logged without the token", async () => {
      log.lines.length = 0;
      assert.equal((await ctx.request("GET", `/api/manage/${token}`)).status, 200);
      const move = { cleaningDate: "2026-03-11", cleaningTime: "10:00 AM" };
      assert.equal((await ctx.request("PUT", `/api/manage/${token}`, { body: move })).status, 200);
      assert.equal((await ctx.request("POST", `/api/manage/${token}/cancel`)).status, 200);
      await ctx.request("GET", `/booking/manage/${token}`);
      const requests = log.lines.filter((l) => l.msg === "request");
      assert.deepEqual(
        requests.map((l) => l.path),
        [
          `/api/manage/${prefix}…`,
          `/api/manage/${prefix}…`,
          `/api/manage/${prefix}…/cancel`,
          `/booking/manage/${prefix}…`,
        ],
      );
      assert.ok(!JSON.stringify(log.lines).includes(token), "no line holds the token");
    });

    await t.step("a wrong or malformed token is cut the same way (it may be a real one mistyped)", async () => {
      log.lines.length = 0;
      assert.equal((await ctx.request("GET", `/api/manage/${"f".repeat(64)}`)).status, 404);
      assert.equal((await ctx.request("GET", `/api/manage/${token}x`)).status, 404);
      assert.deepEqual(
        log.lines.map((l) => l.path),
        ["/api/manage/ffff…", `/api/manage/${prefix}…`],
      );
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("request log: other paths are logged as they are", () => {
  for (const path of ["/api/bookings", "/api/bookings/123/history", "/booking/air-duct-cleaning", "/", "/api/manage"]) {
    assert.equal(loggedPath(path), path);
  }
  assert.equal(loggedPath("/api/manage/abc"), "/api/manage/abc…", "short segments keep at most 4 characters");
  assert.equal(loggedPath("/api/manage/abcdefgh/"), "/api/manage/abcd…/");
  assert.equal(loggedPath("/booking/manage/%61bcdefgh"), "/booking/manage/%61b…");
});
