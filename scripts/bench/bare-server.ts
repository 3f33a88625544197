// The ceiling for GET /api/services: a bare Hono handler answering the same JSON from memory, on the same server
// setup as the API (node:http through @hono/node-server on Deno), with none of our middleware.
// Usage: deno run -A scripts/bench/bare-server.ts <port> <file with the JSON>
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";

const [port, file] = Deno.args;
const services: unknown = JSON.parse(readFileSync(file!, "utf8"));
const app = new Hono().get("/api/services", (c) => c.json(services));
createServer(getRequestListener(app.fetch)).listen(Number(port), "127.0.0.1");
