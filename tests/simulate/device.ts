// A client of the public API with the device queue's rules (pwa/src/lib/offline-queue/): every write carries its
// own Idempotency-Key, kept across retries; a 5xx or a dropped connection is tried again, the same request; writes
// go one at a time in the order they were made, and while the device has no signal they wait and are replayed on
// return. What the server answered, and how long each attempt took, is kept for the day's checks.

export interface Request {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  token?: string;
  json?: unknown;
  /** A raw body (an image) with its content type. */
  bytes?: { data: Uint8Array<ArrayBuffer>; type: string };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** The time of every attempt that got an answer, in ms, for the day's p50 and p99. */
export class Latencies {
  readonly ms: number[] = [];
  percentile(p: number): number {
    if (this.ms.length === 0) return 0;
    const sorted = [...this.ms].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }
}

export class Http {
  constructor(
    readonly baseUrl: string,
    private readonly latencies: Latencies,
  ) {}

  /** One attempt; throws on a dropped connection or a timeout. */
  async send<T>(request: Request, key?: string): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    if (key) headers["Idempotency-Key"] = key;
    let body: BodyInit | undefined;
    if (request.bytes) {
      headers["Content-Type"] = request.bytes.type;
      body = request.bytes.data;
    } else if (request.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(request.json);
    }
    const started = performance.now();
    const res = await fetch(`${this.baseUrl}${request.path}`, {
      method: request.method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    this.latencies.ms.push(performance.now() - started);
    return { status: res.status, body: parseBody(text) as T };
  }

  /** A read, tried until it answers something other than a 5xx or `until` passes (then the last answer). */
  async read<T>(request: Request, until = Date.now() + 60_000): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await this.send<T>(request);
        if (answer.status < 500 || Date.now() > until) return answer;
      } catch (error) {
        if (Date.now() > until) throw error;
      }
      await backoff(attempt);
    }
  }
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** 100 ms doubling to 2 s: the queue's retry, shortened with the day. */
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));

interface Queued {
  request: Request;
  key: string;
  resolve: (answer: Answer) => void;
}

/** One device's queue of writes. */
export class Device {
  private readonly queue: Queued[] = [];
  private online = true;
  private pumping = false;
  /** Writes made and not yet answered: at the end of the day each is a write lost. */
  pending = 0;
  retries = 0;

  constructor(
    readonly name: string,
    private readonly http: Http,
  ) {}

  /** Resolves with the server's answer once it is not a 5xx (a 4xx is an answer: the server refused it). */
  write<T = unknown>(request: Request): Promise<Answer<T>> {
    this.pending += 1;
    return new Promise((resolve) => {
      this.queue.push({ request, key: crypto.randomUUID(), resolve: resolve as (answer: Answer) => void });
      this.pump();
    });
  }

  goOffline() {
    this.online = false;
  }

  goOnline() {
    this.online = true;
    this.pump();
  }

  get isOnline() {
    return this.online;
  }

  private async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.online && this.queue.length > 0) {
        const head = this.queue[0]!;
        const answer = await this.attempt(head);
        if (!answer) continue;
        this.queue.shift();
        this.pending -= 1;
        head.resolve(answer);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** The head of the queue sent once more: its answer, or null to try again (after a pause). */
  private async attempt(item: Queued, attempt = this.retries): Promise<Answer | null> {
    try {
      const answer = await this.http.send(item.request, item.key);
      if (answer.status < 500) return answer;
    } catch {
      // A dropped connection: the same request again, with the same key.
    }
    this.retries += 1;
    await backoff(Math.min(attempt, 4));
    return null;
  }
}
