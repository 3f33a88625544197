import assert from "node:assert/strict";
import { Hono } from "hono";
import { clientIp } from "./client-ip.ts";

const appFor = (trustProxy: boolean) => new Hono().get("/", (c) => c.text(clientIp(c, trustProxy)));
const ask = async (app: Hono, headers: Record<string, string>, env?: unknown) =>
  await (await app.request("/", { headers }, env)).text();

Deno.test("takes the client address from the TCP peer and ignores X-Forwarded-For by default", async () => {
  const env = { incoming: { socket: { remoteAddress: "198.51.100.4" } } };
  assert.equal(await ask(appFor(false), { "X-Forwarded-For": "203.0.113.9" }, env), "198.51.100.4");
});

Deno.test("takes the first X-Forwarded-For address behind a trusted proxy", async () => {
  const env = { incoming: { socket: { remoteAddress: "10.0.0.2" } } };
  assert.equal(await ask(appFor(true), { "X-Forwarded-For": "203.0.113.9, 10.0.0.1" }, env), "203.0.113.9");
  assert.equal(await ask(appFor(true), {}, env), "10.0.0.2");
});
