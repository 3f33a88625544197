import type { Context } from "hono";

/** What we use of node:http's IncomingMessage: its headers, named in lower case. */
interface NodeIncoming {
  headers: Record<string, string | string[] | undefined>;
}

/** What we use of node:http's ServerResponse. */
export interface NodeOutgoing {
  setHeader(name: string, value: string): unknown;
  headersSent: boolean;
}

/**
 * The node:http response under a request served by @hono/node-server (server.ts), while its headers are not sent
 * yet; null under app.request (tests) or another adapter.
 *
 * Why a header would go there rather than on the web Response: as soon as an answer carries more than one header,
 * Hono keeps them in a web Headers object, which @hono/node-server then copies and sorts into Node's form. On Deno
 * that costs ~12 µs per header and request, where Node's setHeader costs next to nothing: a bare handler answering
 * with 20 extra headers that way fell from ~11,700/s to ~3,000/s (0.07 -> 0.34 ms CPU per request), the same 20
 * through setHeader cost 0.02 ms. Node sends headers set this way with the app's own, which win on a clash.
 */
export function nodeOutgoing(c: Context): NodeOutgoing | null {
  const outgoing = (c.env as { outgoing?: Partial<NodeOutgoing> } | undefined)?.outgoing;
  return outgoing && typeof outgoing.setHeader === "function" && outgoing.headersSent === false
    ? (outgoing as NodeOutgoing)
    : null;
}

/**
 * One request header, read from Node's own object under the real server: Hono's `c.req.header(name)` builds the
 * request's whole web Headers out of Node's raw list first, which costs more than the rest of a cached GET. `name`
 * is lower case. Under app.request (tests) or another adapter, Hono's reader.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: Partial<NodeIncoming> } | undefined)?.incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
