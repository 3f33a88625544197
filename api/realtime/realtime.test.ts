import assert from "node:assert/strict";
import { io as connectSocket, type Socket } from "socket.io-client";
import type { Booking } from "../contracts/bookings/booking.ts";
import {
  ADMIN_ROOM,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_REFUSALS,
  staffRoom,
} from "../contracts/realtime/events.ts";
import { silentLogger } from "../testing/log.ts";
import { TOKEN_LIFETIME_SECONDS } from "../platform/tokens.ts";
import { startServer, type RunningServer } from "../server.ts";
import { createTestContext, type TestContext } from "../testing/context.ts";
import { bookingBody } from "../testing/fixtures.ts";
import { needsService, serviceUrl } from "../testing/services.ts";
import { addStaff } from "../testing/staff.ts";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Listener {
  socket: ClientSocket;
  received: { event: string; payload: unknown }[];
}

async function listen(url: string, token?: string): Promise<Listener> {
  const socket: ClientSocket = connectSocket(url, {
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  const received: Listener["received"] = [];
  socket.onAny((event, payload) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, received };
}

/** The `connect_error` message of a handshake the server refuses; fails if it connects instead. */
async function refusal(url: string, token: unknown): Promise<string> {
  const socket: ClientSocket = connectSocket(url, {
    auth: { token },
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.once("connect", () => reject(new Error("the handshake was accepted")));
      socket.once("connect_error", (error) => resolve(error.message));
    });
  } finally {
    socket.close();
  }
}

const start = (ctx: TestContext, redisUrl: string | null = null, redisPrefix?: string) =>
  startServer({ deps: ctx.deps, host: "127.0.0.1", port: 0, redisUrl, redisPrefix, drainMs: 1000 });

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function postBooking(server: RunningServer, overrides = {}): Promise<Booking> {
  const res = await fetch(`${server.url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(bookingBody(overrides)),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { data: Booking }).data;
}

/**
 * A barrier for "nothing else arrived": an admin changes the settings through `server`, and every socket, a
 * visitor's too, hears settingsChanged after whatever the server emitted before it (a server writes to a socket in
 * order; over Redis, an instance publishes on one connection that the others read in order). Once each listener
 * has it, an event emitted before it that has not arrived never will.
 */
async function barrier(server: RunningServer, token: string, listeners: Listener[]): Promise<void> {
  const heard = (l: Listener) => l.received.filter((e) => e.event === "settingsChanged").length;
  const before = listeners.map(heard);
  const res = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ slotCapacity: 5 }),
  });
  assert.equal(res.status, 200);
  await res.body?.cancel();
  for (const [i, l] of listeners.entries()) {
    await waitFor(() => (heard(l) > before[i]! ? true : undefined), `settingsChanged on listener ${i + 1}`);
  }
}

Deno.test({
  name: "realtime: only an admin's socket receives bookings, a visitor's receives nothing",
  async fn() {
    const ctx = await createTestContext();
    const server = await start(ctx);
    const sockets: Listener[] = [];
    try {
      const admin = await listen(server.url, ctx.adminToken);
      const visitor = await listen(server.url);
      sockets.push(admin, visitor);

      const booking = await postBooking(server);
      const got = await waitFor(() => admin.received.find((e) => e.event === "newBooking"), "newBooking");
      assert.deepEqual(got.payload, booking);

      const update = await fetch(`${server.url}/api/bookings/${booking._id}/status`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${ctx.adminToken}` },
        body: JSON.stringify({ status: "confirmed" }),
      });
      assert.equal(update.status, 200);
      await update.body?.cancel();
      await waitFor(() => admin.received.find((e) => e.event === "bookingUpdated"), "bookingUpdated");
      const del = await fetch(`${server.url}/api/bookings/${booking._id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ctx.adminToken}` },
      });
      assert.equal(del.status, 200);
      await del.body?.cancel();
      const deleted = await waitFor(() => admin.received.find((e) => e.event === "bookingDeleted"), "bookingDeleted");
      assert.equal((deleted.payload as { _id: string })._id, booking._id);

      // Everything reached the admin; the visitor hears the barrier, and must have heard nothing before it.
      await barrier(server, ctx.adminToken, [visitor]);
      assert.deepEqual(
        visitor.received.map((e) => e.event),
        ["settingsChanged"],
      );
    } finally {
      for (const s of sockets) s.socket.close();
      await server.close();
      await ctx.close();
    }
  },
});

/** The reason a socket is closed for, or a failure when it is still open after `ms`. */
function closedWithin(socket: ClientSocket, what: string, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} is still open after ${ms} ms`)), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

async function logout(server: RunningServer, token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/auth/logout`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  await res.body?.cancel();
  return res.status;
}

Deno.test("realtime: logging out closes the admin's open sockets, which then receive no booking", async () => {
  const ctx = await createTestContext();
  const server = await start(ctx);
  const sockets: Listener[] = [];
  try {
    // Two devices of one admin: logging out on one revokes both tokens, so both sockets must go.
    const tablet = await listen(server.url, ctx.adminToken);
    const phone = await listen(server.url, await ctx.tokens.sign(ctx.admin));
    const visitor = await listen(server.url);
    // Another admin, signed in on their own: still in the room, they hear the booking that the others must not.
    const colleague = await listen(server.url, (await addStaff(ctx, "Other Admin", "admin")).token);
    sockets.push(tablet, phone, visitor, colleague);
    const closed = [tablet, phone].map((l, i) => closedWithin(l.socket, `the socket of device ${i + 1}`));

    assert.equal(await logout(server, ctx.adminToken), 204);
    assert.deepEqual(await Promise.all(closed), ["io server disconnect", "io server disconnect"]);
    assert.equal(visitor.socket.connected, true, "a visitor's socket is left alone");
    assert.equal(colleague.socket.connected, true, "another admin's socket is left alone");

    const booking = await postBooking(server);
    const told = await waitFor(() => colleague.received.find((e) => e.event === "newBooking"), "newBooking");
    assert.deepEqual(told.payload, booking);
    assert.deepEqual([...tablet.received, ...phone.received], [], "no customer data after the logout");
    assert.deepEqual(
      (await server.realtime.io.in(ADMIN_ROOM).fetchSockets()).map((s) => s.id),
      [colleague.socket.id],
      "only the other admin's socket is left in the room",
    );
  } finally {
    for (const s of sockets) s.socket.close();
    await server.close();
    await ctx.close();
  }
});

const redis = needsService("TEST_REDIS_URL");

/**
 * Two instances on one database joined through Redis (a prefix of their own): `run` gets them, the context and a
 * list for the sockets it opens; all of it is closed after, whatever happened.
 */
async function overRedis(
  run: (on: { ctx: TestContext; a: RunningServer; b: RunningServer; sockets: Listener[] }) => Promise<void>,
): Promise<void> {
  const url = serviceUrl("TEST_REDIS_URL");
  const prefix = `clearflow-test-${crypto.randomUUID()}`;
  const ctx = await createTestContext();
  const a = await start(ctx, url, prefix);
  const b = await start(ctx, url, prefix);
  const sockets: Listener[] = [];
  try {
    await run({ ctx, a, b, sockets });
  } finally {
    for (const s of sockets) s.socket.close();
    await a.close();
    await b.close();
    await ctx.close();
  }
}

Deno.test({
  name: "realtime over Redis: an admin on instance B receives a booking posted to instance A",
  ignore: redis.ignore,
  fn: () =>
    overRedis(async ({ ctx, a, b, sockets }) => {
      const adminOnB = await listen(b.url, ctx.adminToken);
      const visitorOnB = await listen(b.url);
      sockets.push(adminOnB, visitorOnB);
      // The adapters subscribe asynchronously: once A sees B's admin socket through Redis, both listen.
      await waitFor(
        async () => ((await a.realtime.io.in(ADMIN_ROOM).fetchSockets()).length === 1 ? true : undefined),
        "instance A to see the admin socket on B",
      );

      const booking = await postBooking(a);
      const got = await waitFor(() => adminOnB.received.find((e) => e.event === "newBooking"), "newBooking on B");
      assert.deepEqual(got.payload, booking);
      // Changed on A too, so it travels the booking's way and comes after it.
      await barrier(a, ctx.adminToken, [visitorOnB]);
      assert.deepEqual(
        visitorOnB.received.map((e) => e.event),
        ["settingsChanged"],
      );

      // Logging out on A revokes the token that B's socket was opened with: B closes that socket too.
      const closedOnB = closedWithin(adminOnB.socket, "the admin's socket on B");
      const out = await logout(a, ctx.adminToken);
      assert.equal(out, 204);
      assert.equal(await closedOnB, "io server disconnect");
      assert.equal(visitorOnB.socket.connected, true, "a visitor's socket is left alone");
    }),
});

Deno.test(
  "realtime: a forged, expired or revoked token is refused as unauthorized, not kept as a visitor",
  async () => {
    const ctx = await createTestContext();
    const server = await start(ctx);
    try {
      const expired = await ctx.tokens.sign(ctx.admin);
      ctx.clock.advance(TOKEN_LIFETIME_SECONDS * 1000 + 1000);
      const revoked = await ctx.tokens.sign(ctx.admin);
      await ctx.repos.admins.revokeTokens(ctx.admin._id);
      for (const [what, token] of [
        ["forged", "not-a-token"],
        ["not a string", 42],
        ["expired", expired],
        ["revoked", revoked],
      ] as const) {
        assert.equal(await refusal(server.url, token), SOCKET_REFUSALS.unauthorized, what);
      }
      assert.equal((await server.realtime.io.in(ADMIN_ROOM).fetchSockets()).length, 0);
    } finally {
      await server.close();
      await ctx.close();
    }
  },
);

Deno.test("realtime: a token that cannot be checked (database down) is refused as unavailable", async () => {
  const ctx = await createTestContext();
  const down = () => Promise.reject(new Error("connect ECONNREFUSED"));
  const server = await startServer({
    deps: { ...ctx.deps, tokens: { ...ctx.tokens, authenticate: down }, log: silentLogger },
    host: "127.0.0.1",
    port: 0,
    redisUrl: null,
    drainMs: 1000,
  });
  try {
    assert.equal(await refusal(server.url, ctx.adminToken), SOCKET_REFUSALS.unavailable);
    const visitor = await listen(server.url);
    assert.equal(visitor.socket.connected, true, "a visitor needs no check and still connects");
    visitor.socket.close();
  } finally {
    await server.close();
    await ctx.close();
  }
});

Deno.test("realtime: an admin's socket is closed when its token expires", async () => {
  const ctx = await createTestContext();
  const server = await start(ctx);
  let admin: Listener | null = null;
  try {
    const token = await ctx.tokens.sign(ctx.admin);
    ctx.clock.advance(TOKEN_LIFETIME_SECONDS * 1000 - 300);
    admin = await listen(server.url, token);
    const closed = new Promise<string>((resolve) => admin!.socket.once("disconnect", resolve));
    assert.equal(await closed, "io server disconnect");
  } finally {
    admin?.socket.close();
    await server.close();
    await ctx.close();
  }
});

async function call(server: RunningServer, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  return { status: res.status, body: json };
}

Deno.test("realtime: a technician hears only their own jobs; bookings and messages stay with the admins", async () => {
  const ctx = await createTestContext();
  const server = await start(ctx);
  const sockets: Listener[] = [];
  try {
    const ann = await addStaff(ctx, "Ann Tech");
    const bob = await addStaff(ctx, "Bob Tech");
    const admin = await listen(server.url, ctx.adminToken);
    const annSocket = await listen(server.url, ann.token);
    const bobSocket = await listen(server.url, bob.token);
    sockets.push(admin, annSocket, bobSocket);

    const booking = await postBooking(server);
    await waitFor(() => admin.received.find((e) => e.event === "newBooking"), "newBooking");
    const assigned = await call(server, "PUT", `/api/bookings/${booking._id}/assignment`, ctx.adminToken, {
      technicianId: ann.member._id,
    });
    assert.equal(assigned.status, 200);
    const job = await waitFor(() => annSocket.received.find((e) => e.event === "jobAssigned"), "jobAssigned");
    assert.equal((job.payload as Booking).technicianId, ann.member._id);
    const status = await call(server, "PUT", `/api/bookings/${booking._id}/status`, ctx.adminToken, {
      status: "confirmed",
    });
    assert.equal(status.status, 200);
    await waitFor(
      () => annSocket.received.find((e) => e.event === "bookingUpdated"),
      "bookingUpdated of Ann's job on her socket",
    );
    await call(server, "PUT", `/api/bookings/${booking._id}/assignment`, ctx.adminToken, {
      technicianId: bob.member._id,
    });
    await waitFor(() => annSocket.received.find((e) => e.event === "jobUnassigned"), "jobUnassigned to Ann");
    await waitFor(() => bobSocket.received.find((e) => e.event === "jobAssigned"), "jobAssigned to Bob");
    const contact = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Visitor",
        email: "visitor@example.com",
        phone: "(704) 555-0101",
        service: "Air Duct Cleaning",
        message: "Hello",
      }),
    });
    assert.equal(contact.status, 201);
    await contact.body?.cancel();
    await waitFor(() => admin.received.find((e) => e.event === "contactMessage"), "contactMessage to the admin");
    await barrier(server, ctx.adminToken, [annSocket, bobSocket]);

    assert.deepEqual(
      annSocket.received.map((e) => e.event),
      ["jobAssigned", "bookingUpdated", "jobUnassigned", "settingsChanged"],
      "no newBooking, no message, nothing after the job left her",
    );
    assert.deepEqual(
      bobSocket.received.map((e) => e.event),
      ["jobAssigned", "settingsChanged"],
      "told once, by jobAssigned",
    );
    assert.equal((await server.realtime.io.in(ADMIN_ROOM).fetchSockets()).length, 1, "technicians are not admins");
  } finally {
    for (const s of sockets) s.socket.close();
    await server.close();
    await ctx.close();
  }
});

Deno.test({
  name: "realtime over Redis: deactivating a technician on instance A closes their socket on instance B",
  ignore: redis.ignore,
  fn: () =>
    overRedis(async ({ ctx, a, b, sockets }) => {
      const tech = await addStaff(ctx, "Dee Tech");
      const other = await addStaff(ctx, "Eve Tech");
      const techOnB = await listen(b.url, tech.token);
      const otherOnB = await listen(b.url, other.token);
      sockets.push(techOnB, otherOnB);
      await waitFor(
        async () =>
          (await a.realtime.io.in(staffRoom(tech.member._id)).fetchSockets()).length === 1 ? true : undefined,
        "instance A to see the technician's socket on B",
      );
      const closedOnB = closedWithin(techOnB.socket, "the technician's socket on B");
      const res = await call(a, "PUT", `/api/staff/${tech.member._id}`, ctx.adminToken, { active: false });
      assert.equal(res.status, 200);
      assert.equal(await closedOnB, "io server disconnect");
      assert.equal(otherOnB.socket.connected, true, "another technician's socket is left alone");
      assert.equal(await refusal(b.url, tech.token), SOCKET_REFUSALS.unauthorized, "and cannot come back");
    }),
});

const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

Deno.test({
  name: "realtime over Redis: an owner ends a technician's second device on A; its socket on B closes, the first stays",
  ignore: redis.ignore,
  fn: () =>
    overRedis(async ({ ctx, a, b, sockets }) => {
      const tech = await addStaff(ctx, "Fay Tech");
      const second = await fetch(`${a.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": ANDROID_TABLET },
        body: JSON.stringify({ email: tech.member.email, password: "a long enough staff passphrase" }),
      }).then((r) => r.json() as Promise<{ token: string }>);
      const firstOnB = await listen(b.url, tech.token);
      const secondOnB = await listen(b.url, second.token);
      sockets.push(firstOnB, secondOnB);
      await waitFor(
        async () =>
          (await a.realtime.io.in(staffRoom(tech.member._id)).fetchSockets()).length === 2 ? true : undefined,
        "instance A to see both of the technician's sockets on B",
      );
      const listed = await call(a, "GET", `/api/staff/${tech.member._id}/sessions`, ctx.adminToken);
      const target = (listed.body as { _id: string; device: string }[]).find((s) => s.device === "Chrome on Android");
      assert.ok(target, "the owner sees the second device");
      const closedOnB = closedWithin(secondOnB.socket, "the second device's socket on B");
      const res = await fetch(`${a.url}/api/staff/${tech.member._id}/sessions/${target._id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${ctx.adminToken}` },
      });
      assert.equal(res.status, 204);
      assert.equal(await closedOnB, "io server disconnect");
      assert.equal(await refusal(b.url, second.token), SOCKET_REFUSALS.unauthorized, "and cannot come back");
      assert.equal((await call(b, "GET", "/api/bookings", second.token)).status, 401, "its requests end too");
      assert.equal(firstOnB.socket.connected, true, "the technician's first device is left alone");
      assert.equal((await call(b, "GET", "/api/account/sessions", tech.token)).status, 200);
    }),
});
