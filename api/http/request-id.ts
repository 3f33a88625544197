import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import { nodeOutgoing, requestHeader } from "./node-response.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";
const MAX_LENGTH = 255;

/**
 * hono/request-id's rules (a client's X-Request-Id is kept when short and made of word characters, - and =; a UUID
 * otherwise), with the header put on Node's response when there is one (see node-response.ts for why).
 */
export function assignRequestId(c: Context<AppEnv>): void {
  let id = requestHeader(c, "x-request-id");
  if (!id || id.length > MAX_LENGTH || /[^\w\-=]/.test(id)) id = crypto.randomUUID();
  c.set("requestId", id);
  const node = nodeOutgoing(c);
  if (node) node.setHeader(REQUEST_ID_HEADER, id);
  else c.header(REQUEST_ID_HEADER, id);
}
