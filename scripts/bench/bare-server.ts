// The ceiling for GET /api/services: a bare Hono handler answering the same JSON from memory, on the same server
// setup as the API (node:http through @hono/node-server on Deno), with none of our middleware. It answers the bytes
// it was given, serialized once, as the API answers its cached list: a ceiling that serialized the list on every
// request (`c.json(services)`, until 2026-11-27) charged itself work the API does not do, and flattered the API.
// The bytes are sent with a Content-Type and nothing else: the least any answer carries.
// Usage: deno run -A scripts/bench/bare-server.ts <port> <file with the JSON> [each-time]
// ("each-time": the old ceiling, serializing the list on every request, kept for the A/B of docs/benchmarks.md)
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";

const [port, file, mode] = Deno.args;
const text = readFileSync(file!, "utf8");
const services: unknown = JSON.parse(text);
// Encoded once, as the API keeps its list's bytes (api/http/etag.ts).
const body = new TextEncoder().encode(text);
const app = new Hono().get("/api/services", (c) =>
  mode === "each-time" ? c.json(services) : c.body(body, 200, { "Content-Type": "application/json" }),
);
createServer(getRequestListener(app.fetch)).listen(Number(port), "127.0.0.1");
