import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
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
  const app = createApp({ ...deps, realtime: realtime.emitter, repos: { ...deps.repos, ready } });
  const listener = getRequestListener(app.fetch);
  const http = createServer((req, res) => {
    // While draining, no connection is kept for a next request: the balancer opens a new one, which goes
    // elsewhere once this instance stops listening.
    if (draining) res.setHeader("Connection", "close");
    return listener(req, res);
  });
  // Longer than the balancer's idle keep-alive (deploy/nginx.conf: 30 s), so nginx, not the API, closes an idle
  // upstream connection: otherwise a request nginx sends just as the API closes it fails with a 502, and a write
  // without an Idempotency-Key is not retried. Headers must come in before the keep-alive ends.
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
