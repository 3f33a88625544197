import {
  SOCKET_REFUSALS,
  SOCKET_RETRY_AFTER_UNAVAILABLE_MS,
  type ServerToClientEvents,
} from "@contracts/realtime/events.ts";
import { useEffect, useEffectEvent } from "react";
import { endSession } from "./http.ts";
import { liveStatus as status } from "./liveStatus.ts";
import { getToken } from "./session.ts";
import { connectAdminSocket, type AdminSocket } from "./socket.ts";

export { useLiveStatus, type LiveStatus } from "./liveStatus.ts";

/**
 * What a screen can subscribe to: the server's events (api/contracts/realtime/events.ts), and `connect`, every (re)connection.
 * Events sent while the socket was away are not replayed, so a subscriber that must not miss any catches up there.
 */
export type SocketEvents = ServerToClientEvents & { connect: () => void };
type Name = keyof SocketEvents;
type Listener = (...args: unknown[]) => void;

/** Subscribers by event, whichever screen or area they belong to. */
const listeners = new Map<Name, Set<Listener>>();

interface Connection {
  socket: AdminSocket;
  /** Subscriptions holding it open: the last one to leave closes it. */
  users: number;
  /** Server events already forwarded to `listeners`. */
  forwarded: Set<Name>;
  retry?: ReturnType<typeof setTimeout>;
}

/** One socket, however many areas listen: opened by the first subscriber, closed when the last one leaves. */
let connection: Connection | null = null;

function notify(name: Name, args: unknown[]): void {
  for (const listener of [...(listeners.get(name) ?? [])]) listener(...args);
}

function forward(c: Connection, name: Name): void {
  if (name === "connect" || c.forwarded.has(name)) return;
  c.forwarded.add(name);
  (c.socket as unknown as { on(event: string, fn: Listener): void }).on(name, (...args) => notify(name, args));
}

function open(token: string): Connection {
  const socket = connectAdminSocket(token);
  const c: Connection = { socket, users: 0, forwarded: new Set() };
  status.set("connecting");
  socket.on("connect", () => {
    status.set("live");
    notify("connect", []);
  });
  socket.on("disconnect", (reason) => {
    status.set("offline");
    // Only the server ends a socket this way, when its token expired or was revoked (logout elsewhere).
    if (reason === "io server disconnect") endSession();
  });
  socket.on("connect_error", (error) => {
    status.set("offline");
    // A network failure is retried by the client itself (`active`); a refused handshake is not.
    if (socket.active) return console.warn("Live updates unavailable", error.message);
    if (error.message === SOCKET_REFUSALS.unauthorized) return endSession();
    console.warn("Live updates refused, asking again shortly", error.message);
    c.retry = setTimeout(() => socket.connect(), SOCKET_RETRY_AFTER_UNAVAILABLE_MS);
  });
  for (const name of listeners.keys()) forward(c, name);
  return c;
}

function close(c: Connection): void {
  clearTimeout(c.retry);
  c.socket.removeAllListeners();
  c.socket.disconnect();
  if (connection === c) connection = null;
  // No screen listens any more; the next one to connect starts from "connecting", not from this socket's last state.
  status.set("closed");
}

function subscribe(name: Name, listener: Listener): () => void {
  const set = listeners.get(name) ?? new Set();
  set.add(listener);
  listeners.set(name, set);
  // Without a session there is nothing to connect as: the screen's own guard sends the person to log in.
  const token = connection ? null : getToken();
  if (!connection && token) connection = open(token);
  const c = connection;
  if (c) {
    c.users += 1;
    forward(c, name);
  }
  return () => {
    set.delete(listener);
    if (c && --c.users === 0) close(c);
  };
}

/**
 * Calls `handler` on every `name` event of the staff's live connection while the calling component is mounted. Any
 * screen or area subscribes on its own; they share one socket. The handler may change on every render.
 */
export function useSocketEvent<E extends Name>(name: E, handler: SocketEvents[E]): void {
  const onEvent = useEffectEvent((...args: unknown[]) => (handler as Listener)(...args));
  useEffect(() => subscribe(name, (...args) => onEvent(...args)), [name]);
}
