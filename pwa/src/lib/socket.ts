import { io, type Socket } from "socket.io-client";
import {
  ADMIN_SOCKET_OPTIONS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@contracts/realtime/events.ts";

export type AdminSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The dashboard's live connection, authenticated with the admin's token. */
export function connectAdminSocket(token: string): AdminSocket {
  return io({ ...ADMIN_SOCKET_OPTIONS, auth: { token } });
}
