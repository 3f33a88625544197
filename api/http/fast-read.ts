import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../platform/log.ts";
import { observeRequest } from "../platform/metrics.ts";
import { acceptsGzip, type JsonEntry, noneMatch, REVALIDATE } from "./etag.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";
import { FIXED_SECURITY_HEADERS, HSTS_VALUE, policyCache } from "./security-headers.ts";

/** What a cached read needs to know of the server's configuration. */
export interface FastReadOptions {
  trustProxy: boolean;
  hsts: boolean;
  /** With CORS configured, a cross-origin read goes the app's way (its Access-Control-* headers). */
  cors: boolean;
}

export interface FastReads {
  /** Serves `path` from `entry` while it has one (null: the app loads it). */
  add(path: string, entry: () => JsonEntry<unknown> | null): void;
  /** Answers the request when it is one of these reads and its entry is loaded; false leaves it to the app. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
}

const REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * The cached JSON reads (the services list every public page asks for) answered on node:http itself, with exactly
 * what the app's way adds to them (sendJsonEntry behind requestFrame): the request id, the security headers, the
 * tag, gzip and 304, and the request's log line. No web Request or Response, no middleware frames, and the headers
 * as one raw array to writeHead, their fixed part built once: the app's way spent ~half of such a read's CPU on
 * them (docs/benchmarks.md, decision 0054). Anything unusual (a query, HEAD, CORS, a body) goes the app's way.
 */
export function createFastReads(log: Logger, options: FastReadOptions): FastReads {
  const entries = new Map<string, () => JsonEntry<unknown> | null>();
  const policyFor = policyCache();
  const fixed: string[] = [...FIXED_SECURITY_HEADERS.flat(), "Cache-Control", REVALIDATE, "Vary", "Accept-Encoding"];
  const header = (req: IncomingMessage, name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  return {
    add: (path, entry) => void entries.set(path, entry),
    answer(req, res) {
      // A GET with a body is odd enough for the app's way, which reads and drops it (server.ts).
      if (req.method !== "GET" || req.headers["transfer-encoding"] || (req.headers["content-length"] ?? "0") !== "0") {
        return false;
      }
      const load = entries.get(req.url ?? "");
      if (!load || (options.cors && req.headers.origin !== undefined)) return false;
      const entry = load();
      if (!entry) return false;
      const started = performance.now();
      const given = header(req, "x-request-id");
      const requestId = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
      const https =
        options.trustProxy && header(req, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
      const gzip = acceptsGzip(header(req, "accept-encoding")) ? entry.gzip : null;
      const notModified = noneMatch(header(req, "if-none-match"), entry.etag);
      const headers = [...fixed, "Content-Security-Policy", policyFor(header(req, "host") ?? "", https)];
      if (options.hsts || https) headers.push("Strict-Transport-Security", HSTS_VALUE);
      headers.push(REQUEST_ID_HEADER, requestId, "ETag", gzip ? `W/${entry.etag}` : entry.etag);
      let status = 304;
      let body: Uint8Array | null = null;
      if (!notModified) {
        status = 200;
        body = gzip ?? entry.bytes;
        if (gzip) headers.push("Content-Encoding", "gzip");
        headers.push("Content-Type", "application/json", "Content-Length", String(body.byteLength));
      }
      res.writeHead(status, headers);
      res.end(body);
      // Only fixed paths are served here: the path is the route's pattern.
      observeRequest(req.url!, "GET", status, started);
      log.info({
        msg: "request",
        requestId,
        method: "GET",
        path: req.url,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
      return true;
    },
  };
}
