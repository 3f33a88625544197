import type { Socket } from "socket.io-client";
import {
  ADMIN_SOCKET_OPTIONS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@contracts/realtime/events.ts";
import { whenIdle } from "./idle.ts";

type IoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What the staff screens use of their live connection. */
export interface AdminSocket {
  on: IoSocket["on"];
  removeAllListeners(): void;
  disconnect(): void;
  connect(): void;
  /** False once the server refused the handshake: the client then no longer retries on its own. */
  readonly active: boolean;
}

type Listener = (...args: unknown[]) => void;

/**
 * The dashboard's live connection, authenticated with the admin's token. The Socket.IO client (13 KB gzipped) is a
 * chunk of its own, loaded here rather than with the screen, once the screen is idle, so that it comes after the
 * screen's first rows: the listeners given before it has come are handed to it when it connects.
 */
export function connectAdminSocket(token: string): AdminSocket {
  const waiting: [string, Listener][] = [];
  let socket: IoSocket | null = null;
  let closed = false;
  const live: AdminSocket = {
    on: ((event: string, listener: Listener) => {
      if (socket) (socket as unknown as { on(e: string, l: Listener): void }).on(event, listener);
      else waiting.push([event, listener]);
      return live;
    }) as unknown as IoSocket["on"],
    removeAllListeners: () => {
      waiting.length = 0;
      socket?.removeAllListeners();
    },
    disconnect: () => {
      closed = true;
      socket?.disconnect();
    },
    connect: () => {
      closed = false;
      socket?.connect();
    },
    get active() {
      return socket ? socket.active : !closed;
    },
  };
  // Once the screen has drawn and the tablet is idle: a socket opened sooner competed with the first rows for the
  // main thread, and events before it are caught up on `connect` anyway.
  whenIdle(() => {
    if (closed) return;
    import("./socketClient.ts").then(
      ({ io }) => {
        if (closed) return;
        socket = io({ ...ADMIN_SOCKET_OPTIONS, auth: { token } });
        for (const [event, listener] of waiting.splice(0)) live.on(event as "connect", listener);
      },
      (error: unknown) => {
        // Its chunk could not load (no connection, an update replaced it): the screen is offline, not broken.
        const failure = new Error(error instanceof Error ? error.message : "Live updates could not load");
        for (const [event, listener] of waiting) if (event === "connect_error") listener(failure);
      },
    );
  });
  return live;
}
