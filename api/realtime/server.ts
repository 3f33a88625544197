import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { isAdminRole } from "../contracts/staff/staff.ts";
import {
  ADMIN_ROOM,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_REFUSALS,
  sessionRoom,
  staffRoom,
} from "../contracts/realtime/events.ts";
import type { Clock } from "../platform/clock.ts";
import type { TokenService, VerifiedAdmin } from "../platform/tokens.ts";
import type { Logger } from "../platform/log.ts";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { RealtimeEmitter } from "./emitter.ts";
import { realtimeEvents, realtimeSockets, redisAdapterErrors } from "../platform/metrics.ts";

interface SocketData {
  admin: VerifiedAdmin | null;
}

// setTimeout takes at most a 32-bit delay; tokens live 12 h, far below it.
const MAX_TIMER_MS = 2 ** 31 - 1;

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeOptions {
  tokens: TokenService;
  /** The tokens' clock, to close an admin socket when its token expires. */
  clock: Clock;
  log: Logger;
  /** With a URL, events reach the admins connected to every instance through Redis pub/sub. */
  redisUrl: string | null;
  /** Redis key and channel prefix; tests use a random one so parallel runs never hear each other. */
  redisPrefix?: string;
}

export interface Realtime {
  io: RealtimeServer;
  emitter: RealtimeEmitter;
  /**
   * newBooking to this instance's own admins only: for an event every instance hears at once from Postgres (a visit
   * the worker process planned), where each instance telling everyone through Redis would tell each admin N times.
   */
  newBookingHere(booking: Booking): void;
  /** Connects Socket.IO to the HTTP server (after the request listener is in place). */
  attach(server: HttpServer): void;
  /** True without Redis, or while both Redis connections (publish and subscribe) are up. */
  redisReady(): boolean;
  /** Disconnects every socket, closes the HTTP server it is attached to, then Redis. */
  close(): Promise<void>;
}

/**
 * Reconnects forever with a short backoff (Redis restarts must heal on their own); a command waits for at
 * most one reconnection attempt before it fails, so an emit during an outage fails fast instead of piling up.
 */
export const REDIS_OPTIONS = {
  retryStrategy: (times: number) => Math.min(100 * times, 2000),
  maxRetriesPerRequest: 1,
  // The adapter's subscriptions are restored after every reconnection (ioredis' default, kept on purpose).
  autoResubscribe: true,
} as const;

/**
 * The adapter publishes (and unsubscribes on close) without waiting for the answer, so a command failing during a
 * Redis outage would be an unhandled rejection, which ends a Deno process: report it instead.
 */
function catchUnawaited(client: Redis, commands: string[], onFailure: (error: unknown) => void): void {
  const target = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const name of commands) {
    const original = target[name]!.bind(client);
    target[name] = (...args: unknown[]) => {
      const sent = original(...args);
      sent.catch(onFailure);
      return sent;
    };
  }
}

export function createRealtime(options: RealtimeOptions): Realtime {
  const io: RealtimeServer = new Server({ serveClient: false });
  const { log } = options;
  let redis: Redis[] = [];
  let closing = false;
  const redisReady = () => redis.every((client) => client.status === "ready");
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, REDIS_OPTIONS);
    // Subscriptions wait for a connection however long it takes: one lost at start would never be restored.
    const sub = pub.duplicate({ maxRetriesPerRequest: null });
    redis = [pub, sub];
    let lost = false;
    for (const [role, client] of [
      ["publish", pub],
      ["subscribe", sub],
    ] as const) {
      // One line per change of state, not one per reconnection attempt.
      let up = false;
      let errorLogged = false;
      client.on("ready", () => {
        up = true;
        errorLogged = false;
        log.info({ msg: "redis connected", role });
        if (lost && redisReady()) {
          lost = false;
          resync();
        }
      });
      client.on("error", (error: Error) => {
        if (closing) return;
        redisAdapterErrors.inc({ kind: role });
        if (errorLogged) return;
        errorLogged = true;
        log.error({ msg: "redis error", role, error: error.message });
      });
      client.on("close", () => {
        if (!up || closing) return;
        up = false;
        lost = true;
        log.error({ msg: "redis connection lost; live events are held back until it is back", role });
      });
    }
    let publishFailures = 0;
    catchUnawaited(pub, ["publish"], (error) => {
      redisAdapterErrors.inc({ kind: "publish" });
      if (publishFailures++ === 0) log.error({ msg: "redis publish failed", error: String(error) });
    });
    catchUnawaited(sub, ["unsubscribe", "punsubscribe"], () => {});
    pub.on("ready", () => {
      if (publishFailures > 0) log.info({ msg: "redis publishing again", failedWhileAway: publishFailures });
      publishFailures = 0;
    });
    io.adapter(createAdapter(pub, sub, { key: options.redisPrefix ?? "socket.io" }));
  }

  /**
   * Redis is back: the events of the outage are gone, so this instance's admins reconnect (a transport close,
   * which the client retries on its own, unlike a server disconnect) and catch up with `?since=`.
   */
  function resync() {
    let count = 0;
    for (const socket of io.sockets.sockets.values()) {
      if (!socket.data.admin) continue;
      socket.conn.close();
      count += 1;
    }
    log.info({ msg: "redis back; admin sockets asked to reconnect and catch up", sockets: count });
  }

  /**
   * While Redis is away, events reach nobody, not even this instance's own admins: a dashboard's catch-up asks
   * for changes after the newest one it saw, so a local event during the outage would hide every earlier
   * booking that went to another instance.
   */
  let heldBack = 0;
  const deliverable = () => {
    if (redisReady()) {
      heldBack = 0;
      return true;
    }
    if (heldBack++ === 0) log.error({ msg: "redis away: live events held back, dashboards catch up when it is back" });
    return false;
  };

  // A socket without a token is a visitor's: connected, in no room, it never receives customer data. A token that
  // fails (forged, expired, revoked) is refused rather than downgraded to a visitor, so the dashboard learns that
  // its session is over instead of showing "live" while nothing arrives; one that cannot be checked right now
  // (database unreachable) is refused as unavailable, which the dashboard asks again after a pause.
  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    socket.data.admin = null;
    if (token === undefined) return next();
    let admin: VerifiedAdmin | null;
    try {
      admin = typeof token === "string" ? await options.tokens.authenticate(token) : null;
    } catch (error) {
      log.error({ msg: "socket handshake: token could not be checked", error: String(error) });
      return next(new Error(SOCKET_REFUSALS.unavailable));
    }
    if (!admin) return next(new Error(SOCKET_REFUSALS.unauthorized));
    socket.data.admin = admin;
    next();
  });
  io.on("connection", (socket) => {
    const admin = socket.data.admin;
    const role = admin?.role ?? "visitor";
    realtimeSockets.inc({ role });
    socket.on("disconnect", () => realtimeSockets.dec({ role }));
    if (!admin) return;
    // Everyone joins a room of their own (revocation, a technician's jobs); only admins join the admins' room.
    // A session's own room too: revoking that one sign-in closes its sockets alone.
    const own = admin.sessionId ? [staffRoom(admin._id), sessionRoom(admin.sessionId)] : [staffRoom(admin._id)];
    void socket.join(isAdminRole(admin.role) ? [ADMIN_ROOM, ...own] : own);
    log.info({ msg: "staff socket connected", socketId: socket.id, role: admin.role });
    // The room is only for holders of a valid token: when it expires the socket goes, and the dashboard
    // has to log in again to reconnect as an admin.
    const expiry = setTimeout(
      () => socket.disconnect(true),
      Math.min(MAX_TIMER_MS, Math.max(0, admin.expiresAt.getTime() - options.clock.now().getTime())),
    );
    socket.on("disconnect", (reason) => {
      clearTimeout(expiry);
      log.info({ msg: "staff socket disconnected", socketId: socket.id, reason });
    });
  });

  const emitter: RealtimeEmitter = {
    newBooking: (booking) => deliverable() && io.to(ADMIN_ROOM).emit("newBooking", booking),
    bookingUpdated: (booking, options) => {
      if (!deliverable()) return;
      const toTechnician = booking.technicianId && options?.toTechnician !== false;
      // One emit to both rooms: a socket in both would still receive it once.
      (toTechnician ? io.to([ADMIN_ROOM, staffRoom(booking.technicianId!)]) : io.to(ADMIN_ROOM)).emit(
        "bookingUpdated",
        booking,
      );
    },
    bookingDeleted: (payload) => deliverable() && io.to(ADMIN_ROOM).emit("bookingDeleted", payload),
    contactMessage: (payload) => deliverable() && io.to(ADMIN_ROOM).emit("contactMessage", payload),
    ratingReceived: (payload) => deliverable() && io.to(ADMIN_ROOM).emit("ratingReceived", payload),
    // Public data only, so every socket hears it: a customer's open booking form follows the new rules.
    settingsChanged: (profile) => deliverable() && io.emit("settingsChanged", profile),
    jobAssigned: (technicianId, booking) =>
      deliverable() && io.to(staffRoom(technicianId)).emit("jobAssigned", booking),
    jobUnassigned: (technicianId, payload) =>
      deliverable() && io.to(staffRoom(technicianId)).emit("jobUnassigned", payload),
    estimateApproved: (payload) => deliverable() && io.to(ADMIN_ROOM).emit("estimateApproved", payload),
    invoiceUpdated: (invoice, technicianId) =>
      deliverable() &&
      io.to(technicianId ? [ADMIN_ROOM, staffRoom(technicianId)] : ADMIN_ROOM).emit("invoiceUpdated", invoice),
    invoicePaid: (payload) => deliverable() && io.to(ADMIN_ROOM).emit("invoicePaid", payload),
    textMessage: (payload) => deliverable() && io.to(ADMIN_ROOM).emit("textMessage", payload),
    // Checked at the handshake only, a revoked token would keep its open sockets in the admins' room: close
    // them on every instance (through the adapter). During a Redis outage the other instances' sockets get no
    // events anyway, and the reconnection that follows it checks the token again.
    tokensRevoked: (adminId) => io.in(staffRoom(adminId)).disconnectSockets(true),
    sessionRevoked: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
  };

  // Each announcement counted by its event's name (realtime_events_emitted_total).
  const counted = Object.fromEntries(
    Object.entries(emitter).map(([name, announce]) => [
      name,
      (...args: unknown[]) => {
        realtimeEvents.inc({ event: name });
        return (announce as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as RealtimeEmitter;

  return {
    io,
    emitter: counted,
    newBookingHere: (booking) => void io.local.to(ADMIN_ROOM).emit("newBooking", booking),
    attach: (server) => {
      io.attach(server);
    },
    redisReady,
    async close() {
      closing = true;
      await new Promise<void>((done) => io.close(() => done()));
      // QUIT waits for a connection, which may never come back: cut a client that is not connected.
      await Promise.all(
        redis.map(async (client) => {
          if (client.status !== "ready") return client.disconnect();
          let timer: ReturnType<typeof setTimeout> | undefined;
          const late = new Promise((resolve) => (timer = setTimeout(resolve, 1000)));
          await Promise.race([client.quit().catch(() => {}), late]);
          clearTimeout(timer);
          client.disconnect();
        }),
      );
    },
  };
}
