import client from "prom-client";

/**
 * Every series the process exposes, in one registry, named by Prometheus' conventions. Labels carry only bounded
 * vocabularies (route patterns, methods, statuses, channels, states, roles, event and statement names): never a
 * path with an id or token in it, an address, a name or an amount.
 */
export const registry = new client.Registry();
// Event-loop lag, heap and the process' CPU, memory and file descriptors (prom-client's standard set).
client.collectDefaultMetrics({ register: registry });

const r = [registry];

export const httpRequests = new client.Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  registers: r,
});

export const httpDuration = new client.Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer, by route pattern.",
  labelNames: ["route"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: r,
});

/** One answered request: counted by route pattern, method and status, and timed from `started` (performance.now()). */
export function observeRequest(route: string, method: string, status: number, started: number): void {
  const key = `${method} ${status} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    series = { count: httpRequests.labels(route, method, String(status)), time: httpDuration.labels(route) };
    requestSeries.set(key, series);
  }
  series.count.inc();
  series.time.observe((performance.now() - started) / 1000);
}

// Each route, method and status's children, made once: an observation then hashes no labels.
const requestSeries = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();

export const outboxSends = new client.Counter({
  name: "outbox_sends_total",
  help: "Outbox messages handed to their channel, by channel and outcome (sent, retry, failed, skipped).",
  labelNames: ["channel", "outcome"] as const,
  registers: r,
});

export const outboxLease = new client.Counter({
  name: "outbox_worker_lease_total",
  help: "The worker's claims: renewed (a pass claimed due rows under a new lease) or lost (a claim it could not keep).",
  labelNames: ["result"] as const,
  registers: r,
});

export const realtimeSockets = new client.Gauge({
  name: "realtime_connected_sockets",
  help: "Socket.IO connections open on this instance, by role (visitor for a socket without a token).",
  labelNames: ["role"] as const,
  registers: r,
});

export const realtimeEvents = new client.Counter({
  name: "realtime_events_emitted_total",
  help: "Live events announced, by event name.",
  labelNames: ["event"] as const,
  registers: r,
});

export const redisAdapterErrors = new client.Counter({
  name: "realtime_redis_adapter_errors_total",
  help: "Errors of the Socket.IO Redis adapter's connections and publishes.",
  labelNames: ["kind"] as const,
  registers: r,
});

export const bookingsCreated = new client.Counter({
  name: "bookings_created_total",
  help: "Bookings created (a replayed request is not counted again), by source.",
  labelNames: ["source"] as const,
  registers: r,
});

export const paymentsRecorded = new client.Counter({
  name: "payments_recorded_total",
  help: "Payments recorded on invoices, by method.",
  labelNames: ["method"] as const,
  registers: r,
});

export const webhookEvents = new client.Counter({
  name: "webhook_events_total",
  help: "Provider webhooks received (payments, texts), by provider and result (verified or refused).",
  labelNames: ["provider", "result"] as const,
  registers: r,
});

export const dbQueryDuration = new client.Histogram({
  name: "db_query_duration_seconds",
  help: "Database statements' time from being sent to their answer, by statement name.",
  labelNames: ["statement"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: r,
});

export const dbPoolInUse = new client.Gauge({
  name: "db_pool_connections_in_use",
  help: "Pool connections running a statement or held by a transaction.",
  registers: r,
});

export const dbPoolWaiting = new client.Gauge({
  name: "db_pool_waiting",
  help: "Statements and transactions waiting for a free pool connection.",
  registers: r,
});

/** What the outbox's gauges read at each scrape: rows by channel and state, and the oldest due row's age. */
export interface OutboxFigures {
  depth: { channel: string; state: string; count: number }[];
  oldestDue: { channel: string; ageSeconds: number }[];
}

let outboxSource: (() => Promise<OutboxFigures>) | null = null;

/** The process that can read the outbox says how (a read per scrape, not per message). */
export function readOutboxWith(read: () => Promise<OutboxFigures>): void {
  outboxSource = read;
}

let lastOutbox: OutboxFigures | null = null;
let outboxRead: Promise<void> | null = null;
/** Both outbox gauges come from one read per scrape. */
async function outboxFigures(): Promise<OutboxFigures | null> {
  if (!outboxSource) return null;
  const read = outboxSource;
  outboxRead ??= read()
    .then((figures) => void (lastOutbox = figures))
    .catch(() => void (lastOutbox = null))
    .finally(() => setTimeout(() => (outboxRead = null), 0));
  await outboxRead;
  return lastOutbox;
}

new client.Gauge({
  name: "outbox_messages",
  help: "Outbox rows by channel and state (pending, sent, failed, skipped).",
  labelNames: ["channel", "state"] as const,
  registers: r,
  async collect() {
    this.reset();
    for (const row of (await outboxFigures())?.depth ?? []) {
      this.set({ channel: row.channel, state: row.state }, row.count);
    }
  },
});

new client.Gauge({
  name: "outbox_oldest_due_age_seconds",
  help: "How long the oldest pending message that is due has waited past its time, by channel (0: none due).",
  labelNames: ["channel"] as const,
  registers: r,
  async collect() {
    this.reset();
    const figures = await outboxFigures();
    // A channel with nothing due reads 0 rather than vanishing, so an alert on it resolves.
    for (const row of figures?.depth ?? []) this.set({ channel: row.channel }, 0);
    for (const row of figures?.oldestDue ?? []) this.set({ channel: row.channel }, row.ageSeconds);
  },
});
