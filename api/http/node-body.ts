import type { Context, MiddlewareHandler } from "hono";
import { Buffer } from "node:buffer";
import { BadRequest, PayloadTooLarge } from "../errors.ts";
import type { AppEnv } from "./env.ts";

/** What we use of node:http's IncomingMessage to read a body. */
interface NodeBodyStream {
  headers: Record<string, string | string[] | undefined>;
  readableEnded: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
}

function nodeIncoming(c: Context): NodeBodyStream | null {
  const incoming = (c.env as { incoming?: Partial<NodeBodyStream> } | undefined)?.incoming;
  return incoming && typeof incoming.on === "function" && incoming.headers ? (incoming as NodeBodyStream) : null;
}

/** The body's bytes, or null as soon as it passes `maxBytes` (the rest is left unread; server.ts drains it). */
function readAtMost(incoming: NodeBodyStream, maxBytes: number): Promise<Uint8Array | null> {
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const done = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
      incoming.off("error", onError);
    };
    const onData = (chunk: Uint8Array) => {
      size += chunk.length;
      if (size > maxBytes) {
        done();
        incoming.pause();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    // The client went away before the end of its body: nobody is left to answer.
    const onClose = () => {
      done();
      reject(new BadRequest("This request could not be read."));
    };
    const onError = onClose;
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("close", onClose);
    incoming.on("error", onError);
  });
}

const utf8 = new TextDecoder();

/**
 * A request body of at most `maxBytes`, read straight from Node's stream under the real server and handed to Hono
 * as its text (which `c.req.json()` parses): reading it through Hono first builds a web Request out of Node's, its
 * headers and a body stream, which on Deno cost a booking more than its validation. A body past the limit
 * is refused with 413 as soon as it is seen, with or without a Content-Length. Under app.request (tests, other
 * adapters), `fallback` (Hono's bodyLimit) does the same.
 */
export function limitBodyFromNode(maxBytes: number, fallback: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = nodeIncoming(c);
    if (!incoming) return fallback(c, next);
    const declared = Number(incoming.headers["content-length"]);
    if (!incoming.headers["transfer-encoding"] && declared > maxBytes) throw new PayloadTooLarge();
    const bytes = await readAtMost(incoming, maxBytes);
    if (bytes === null) throw new PayloadTooLarge();
    // TextDecoder, as Request.text() does: invalid sequences become U+FFFD and a leading BOM is dropped. Hono keeps
    // promises in its body cache (it calls .then on them), whatever its type says.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(utf8.decode(bytes));
    await next();
  };
}
