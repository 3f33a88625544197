import { vi } from "vitest";

// Test helpers only: a fetch double answering by "METHOD path" and a socket double whose events a test can fire.

type Answer = { status?: number; body?: unknown } | ((url: URL, init?: RequestInit) => Promise<Response>);

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? "" : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** Replaces fetch; `routes` maps "GET /api/bookings" (query string ignored) to an answer. Unknown routes answer 404. */
export function mockFetch(routes: Record<string, Answer>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    const answer = routes[key];
    if (!answer) return json({ message: "Not found" }, 404);
    if (typeof answer === "function") return answer(url, init);
    return json(answer.body, answer.status ?? 200);
  });
}

type Handler = (...args: unknown[]) => void;

export function makeFakeSocket() {
  const handlers = new Map<string, Handler[]>();
  return {
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    }),
    removeAllListeners: vi.fn(() => handlers.clear()),
    disconnect: vi.fn(),
    connect: vi.fn(),
    /** False once the server refused the handshake: the client then no longer retries on its own. */
    active: true,
    /** Fires an event as the server would. */
    emit(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
}
