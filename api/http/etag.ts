import type { Context } from "hono";
import { Buffer } from "node:buffer";
import { gzipSync } from "node:zlib";
import { nodeOutgoing, requestHeader } from "./node-response.ts";

/** A JSON answer made once and sent many times: its text, its gzip form and the strong validator of the text. */
export interface JsonEntry<T> {
  value: T;
  body: string;
  /** The body as UTF-8 bytes, encoded once (what the fast read sends). */
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The body gzipped once, for clients that accept it; null when too small to be worth it. */
  gzip: Uint8Array<ArrayBuffer> | null;
}

/** Below this, gzip saves too little to be worth a header (the compress() middleware's own threshold). */
const GZIP_THRESHOLD = 1024;

/** Serializes, hashes and compresses once, so a cached answer costs none of them on each request. */
export async function jsonEntry<T>(value: T): Promise<JsonEntry<T>> {
  const body = JSON.stringify(value);
  const bytes = new TextEncoder().encode(body);
  const digest = await crypto.subtle.digest("SHA-1", bytes);
  const gzip = bytes.length >= GZIP_THRESHOLD ? new Uint8Array(gzipSync(bytes, { level: 9 })) : null;
  return { value, body, bytes, etag: `"${Buffer.from(digest).toString("base64url")}"`, gzip };
}

/**
 * Public data that may change at any time: caches keep it but must ask again each time (no-cache), which costs a
 * 304 without a body when nothing changed.
 */
export const REVALIDATE = "no-cache";

/** True when an Accept-Encoding header accepts gzip (by name or by `*`) with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = 0;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name === "gzip") return q > 0;
    if (name === "*") wildcard = q;
  }
  return wildcard > 0;
}

/** If-None-Match against our tag, as the etag() middleware reads it: `*`, or any listed tag, weak or strong. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.match(/"[^"]*"/g)?.includes(etag) ?? false;
}

/**
 * Answers the entry as it was made: gzipped from the copy made once when the client accepts it, a 304 when the
 * client holds it already, so neither compress() nor etag() has anything to do (app.ts keeps them off these reads).
 * Under the real server its headers go straight onto Node's response and only the Content-Type rides on the web
 * Response: with more, Hono would build web Headers, which @hono/node-server then copies back (node-response.ts).
 */
export function sendJsonEntry<T>(c: Context, entry: JsonEntry<T>): Response {
  const gzip = c.req.method !== "HEAD" && acceptsGzip(requestHeader(c, "accept-encoding")) ? entry.gzip : null;
  const zipped = gzip !== null;
  const headers: Record<string, string> = {
    "Cache-Control": REVALIDATE,
    Vary: "Accept-Encoding",
    // The same weak tag compress() would give a compressed copy: it still matches If-None-Match for the text.
    ETag: zipped ? `W/${entry.etag}` : entry.etag,
  };
  const fresh = noneMatch(requestHeader(c, "if-none-match"), entry.etag);
  if (zipped && !fresh) headers["Content-Encoding"] = "gzip";
  const node = nodeOutgoing(c);
  if (node) for (const [name, value] of Object.entries(headers)) node.setHeader(name, value);
  const own = node ? {} : headers;
  if (fresh) return c.body(null, 304, own);
  return c.body(gzip ?? entry.body, 200, { ...own, "Content-Type": "application/json" });
}
