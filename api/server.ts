import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Buffer } from "node:buffer";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createFastReads } from "./http/fast-read.ts";
import type { AppDeps } from "./deps.ts";
import { createRealtime, type Realtime } from "./realtime/server.ts";

export interface ServerOptions {
  deps: Omit<AppDeps, "realtime">;
  host: string;
  port: number;
  redisUrl: string | null;
  /** Redis key/channel prefix (tests isolate themselves with a random one). */
  redisPrefix?: string;
  /** How long in-flight requests may take to finish on shutdown before connections are cut. */
  drainMs?: number;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  http: Server;
  realtime: Realtime;
  /** True from the start of shutdown() on. */
  readonly draining: boolean;
  /**
   * Graceful stop for a balancer: readyz answers 503 at once and every response closes its connection, the
   * instance keeps serving for `drainMs` (time for the balancer to stop sending), then close().
   */
  shutdown(drainMs: number): Promise<void>;
  /**
   * Stops accepting, sends the admin sockets off to reconnect elsewhere, lets in-flight requests finish (they may
   * still emit events through Redis), then disconnects Redis. Storage is the caller's.
   */
  close(): Promise<void>;
}

/**
 * A response sent before its request's body was read (a 401 before the JSON, a 413 from Content-Length, a 404 for an
 * unknown path) leaves the rest of the body on the connection. Deno's node:http may then drop the connection after
 * the response without saying so, and the client's next request on it fails ("other side closed"; a 502 behind
 * nginx, which does not retry a POST). Saying `Connection: close` on such a response makes the client open a new
 * connection instead of reusing this one; the unread rest is read and thrown away (decision 0026).
 */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete && !res.headersSent) {
      res.setHeader("Connection", "close");
      req.resume();
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/**
 * A request the HTTP parser refuses (a URL or headers past 16 KB, a malformed request line) never reaches the app;
 * Node would answer it with an empty 400 or 431. It gets the API's `{ message }` like every other refusal.
 */
function answerUnparsable(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? ["431 Request Header Fields Too Large", "The address or headers of this request are too long."]
      : ["400 Bad Request", "This request could not be read."];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=UTF-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Idle keep-alive of the API's connections, in ms. */
export const KEEP_ALIVE_MS = 65_000;

/** One node:http server carrying the Hono app and Socket.IO on the same port. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { deps } = options;
  const realtime = createRealtime({
    tokens: deps.tokens,
    clock: deps.clock,
    log: deps.log,
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix,
  });
  let draining = false;
  const ready = async () => !draining && realtime.redisReady() && (await deps.repos.ready());
  const { trustProxy, hsts, corsOrigins } = deps.config;
  const fastReads = createFastReads(deps.log, { trustProxy, hsts, cors: corsOrigins.length > 0 });
  const app = createApp({ ...deps, realtime: realtime.emitter, repos: { ...deps.repos, ready } }, fastReads);
  const listener = getRequestListener(app.fetch);
  const http = createServer((req, res) => {
    // While draining, no connection is kept for a next request: the balancer opens a new one, which goes
    // elsewhere once this instance stops listening.
    if (draining) res.setHeader("Connection", "close");
    else if (fastReads.answer(req, res)) return;
    closeIfBodyUnread(req, res);
    return listener(req, res);
  });
  // Longer than the balancer's idle keep-alive (deploy/nginx.conf: 30 s), so nginx, not the API, closes an idle
  // upstream connection: otherwise a request nginx sends just as the API closes it fails with a 502, and a write
  // without an Idempotency-Key is not retried. Headers must come in before the keep-alive ends.
  http.on("clientError", answerUnparsable);
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // After the request listener: Socket.IO wraps the listeners present and takes /socket.io/ for itself.
  realtime.attach(http);
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const shownHost = options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;

  let closing: Promise<void> | null = null;
  let shuttingDown: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      draining = true;
      // Stops listening; resolves once every connection (requests in flight included) has ended.
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      const force = setTimeout(() => http.closeAllConnections(), options.drainMs ?? 10_000);
      // A transport close (not a server disconnect) makes the clients reconnect, through the balancer, elsewhere.
      realtime.io.engine.close();
      await stopped;
      clearTimeout(force);
      await realtime.close();
    })();
    return closing;
  };
  return {
    url: `http://${shownHost}:${port}`,
    port,
    http,
    realtime,
    get draining() {
      return draining;
    },
    shutdown(drainMs) {
      shuttingDown ??= (async () => {
        draining = true;
        await new Promise((resolve) => setTimeout(resolve, drainMs));
        await close();
      })();
      return shuttingDown;
    },
    close,
  };
}
