// One autocannon run in a process of its own (the load generator must not share an event loop with what it
// measures). Prints autocannon's result as JSON on stdout.
// Usage: node scripts/bench/load.mjs '{"url": "...", "connections": 50, "duration": 10, "bookings": false,
//   "keyed": false}'
import autocannon from "autocannon";
import { bookingBody } from "./booking-body.mjs";

const options = JSON.parse(process.argv[2]);
let n = options.offset ?? 0;
const requests = options.bookings
  ? [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        // A different booking each time, in a different slot.
        setupRequest: (request) => {
          const i = n++;
          // `keyed`: each booking with its own Idempotency-Key, as the PWA sends it (a longer path in the route).
          const headers = options.keyed
            ? { ...request.headers, "idempotency-key": `${options.tag}-${i}` }
            : request.headers;
          return { ...request, headers, body: JSON.stringify(bookingBody(i, options.tag)) };
        },
      },
    ]
  : undefined;

const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  requests,
});
// The load generator's own CPU during the run (ms): on this machine it shares the cores with what it measures.
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  JSON.stringify({ ...result, sent: n - (options.offset ?? 0), cpuMs: (cpu.user + cpu.system) / 1000 }),
);
