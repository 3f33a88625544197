import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@contracts/events.ts";

export type AdminSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The dashboard's live connection (SPEC §9 defaults). Websocket only: the instances sit behind a
 * balancer without sticky sessions, and long-polling needs every request to reach the same one.
 */
export function connectAdminSocket(token: string): AdminSocket {
  return io({
    auth: { token },
    transports: ["websocket"],
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    timeout: 20000,
  });
}
