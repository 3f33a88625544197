import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeFakeSocket } from "../test/staffApi.ts";
import { connectAdminSocket } from "./socket.ts";

const client = vi.hoisted(() => ({
  socket: null as null | ReturnType<typeof import("../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("./socketClient.ts", () => ({
  io: vi.fn(() => client.socket),
}));

const { io } = await import("./socketClient.ts");

/** Until the client's chunk (a mocked module here) has come, once the page was idle, and opened `times` sockets. */
const opened = (times: number) => vi.waitFor(() => expect(io).toHaveBeenCalledTimes(times));

beforeEach(() => {
  client.socket = makeFakeSocket();
  vi.mocked(io).mockClear();
});

describe("connectAdminSocket", () => {
  it("hands the listeners given before the client loaded to the socket it opens with the token", async () => {
    const heard: string[] = [];
    const live = connectAdminSocket("token-1");
    live.on("newBooking", (booking) => heard.push(booking._id));
    expect(live.active).toBe(true);
    await opened(1);
    expect(vi.mocked(io).mock.calls[0]![0]).toMatchObject({ auth: { token: "token-1" }, transports: ["websocket"] });
    client.socket!.emit("newBooking", { _id: "b1" });
    live.on("newBooking", (booking) => heard.push(`late ${booking._id}`));
    client.socket!.emit("newBooking", { _id: "b2" });
    expect(heard).toEqual(["b1", "b2", "late b2"]);
  });

  it("opens no socket when it was closed before the client loaded", async () => {
    const live = connectAdminSocket("token-1");
    live.on("newBooking", () => {});
    live.removeAllListeners();
    live.disconnect();
    expect(live.active).toBe(false);
    // The next connection, made after it, opens: by then the first one's turn has passed without a socket.
    const next = connectAdminSocket("token-2");
    await opened(1);
    expect(vi.mocked(io).mock.calls[0]![0]).toMatchObject({ auth: { token: "token-2" } });
    next.disconnect();
    expect(client.socket!.disconnect).toHaveBeenCalledTimes(1);
  });
});
