// newBooking fan-out: admin sockets spread over instances joined by Redis, bookings posted one at a time, and for
// each the time from the POST's 2xx to its arrival on every socket. Runs in a process of its own.
// Also what the sockets cost each instance: its resident memory before and after they connected (`pids`, Linux).
// Usage: node scripts/bench/fanout.mjs '{"urls": ["http://a", "http://b"], "token": "...", "sockets": 500, "posts": 20,
//   "pids": [1, 2]}'
import { readFileSync } from "node:fs";
/* global fetch -- Node 20 has it; the lint config lists no Node globals for scripts. */
import { performance } from "node:perf_hooks";
import { io } from "socket.io-client";
import { bookingBody } from "./booking-body.mjs";
import { summarize } from "./stats.mjs";

const { urls, token, sockets: total, posts, offset = 0, pids = [] } = JSON.parse(process.argv[2]);

/** Resident memory of a process in KB, or null where /proc is not there. */
function rssKb(pid) {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]);
  } catch {
    return null;
  }
}
const rssBefore = pids.map(rssKb);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** e-mail of a posted booking -> arrival instants (one per socket). */
const arrivals = new Map();

function open(url) {
  return new Promise((resolve, reject) => {
    // What the dashboard opens (useLiveBookings.ts): websocket only, the admin token in auth.
    const socket = io(url, { auth: { token }, transports: ["websocket"], forceNew: true, reconnection: false });
    socket.on("newBooking", (booking) => {
      const at = performance.now();
      arrivals.get(booking.email)?.push(at);
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const sockets = [];
// In batches: 500 handshakes at once would measure the connection storm, not the fan-out.
for (let i = 0; i < total; i += 50) {
  const batch = Array.from({ length: Math.min(50, total - i) }, (_, j) => open(urls[(i + j) % urls.length]));
  sockets.push(...(await Promise.all(batch)));
}
// Joining the admin room follows the token check on the server; let every socket get there.
await sleep(1500);
// Per socket of each instance: what its memory grew by, over the sockets it holds (round robin: a share each).
const perSocketKb = pids.map((pid, i) => {
  const after = rssKb(pid);
  const held = Math.ceil((total - i) / urls.length);
  return after === null || rssBefore[i] === null ? null : (after - rssBefore[i]) / held;
});

const latencies = [];
const received = [];
for (let p = 0; p < posts; p++) {
  const body = bookingBody(offset + p, "fanout");
  const times = [];
  arrivals.set(body.email, times);
  const res = await fetch(`${urls[p % urls.length]}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answeredAt = performance.now();
  await res.body?.cancel();
  if (!res.ok) throw new Error(`POST /api/bookings answered ${res.status}`);
  const deadline = answeredAt + 10_000;
  while (times.length < total && performance.now() < deadline) await sleep(5);
  received.push(times.length);
  // An event may beat the HTTP answer to the client: that socket waited no time after the 2xx.
  for (const at of times) latencies.push(Math.max(0, at - answeredAt));
  await sleep(100);
}
for (const socket of sockets) socket.disconnect();
process.stdout.write(
  JSON.stringify({
    sockets: total,
    posts,
    minReceived: Math.min(...received),
    allReceived: received.every((n) => n === total),
    instances: urls.length,
    perSocketKb,
    ...summarize(latencies),
  }),
);
process.exit(0);
