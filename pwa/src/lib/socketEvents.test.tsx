import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeFakeSocket } from "../test/staffApi.ts";
import { adminUser, fakeToken, makeBooking } from "../test/staffFixtures.ts";
import { saveSession } from "./session.ts";
import { connectAdminSocket } from "./socket.ts";
import { useLiveStatus, useSocketEvent } from "./socketEvents.ts";

const socket = vi.hoisted(() => ({
  current: null as null | ReturnType<typeof import("../test/staffApi.ts").makeFakeSocket>,
}));
vi.mock("./socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

/** An area that shows the last booking id it heard of and how often the socket (re)connected. */
function Area({ name }: { name: string }) {
  const [heard, setHeard] = useState("none");
  const [connects, setConnects] = useState(0);
  useSocketEvent("newBooking", (booking) => setHeard(booking._id));
  useSocketEvent("connect", () => setConnects((n) => n + 1));
  return (
    <p data-testid={name}>
      {heard} {connects}
    </p>
  );
}

function Status() {
  return <p data-testid="status">{useLiveStatus()}</p>;
}

beforeEach(() => {
  socket.current = makeFakeSocket();
  vi.mocked(connectAdminSocket).mockClear();
  saveSession(fakeToken(), adminUser);
});

describe("useSocketEvent", () => {
  it("gives every subscribing area the events of one shared socket, and the live status", () => {
    render(
      <>
        <Area name="a" />
        <Area name="b" />
        <Status />
      </>,
    );
    expect(connectAdminSocket).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("status")).toHaveTextContent("connecting");
    act(() => socket.current!.emit("connect"));
    act(() => socket.current!.emit("newBooking", makeBooking({ _id: "b7" })));
    expect(screen.getByTestId("a")).toHaveTextContent("b7 1");
    expect(screen.getByTestId("b")).toHaveTextContent("b7 1");
    expect(screen.getByTestId("status")).toHaveTextContent("live");
    act(() => socket.current!.emit("disconnect", "transport close"));
    expect(screen.getByTestId("status")).toHaveTextContent("offline");
  });

  it("keeps the socket while one area still listens and closes it when the last one leaves", () => {
    const view = render(
      <>
        <Area name="a" />
        <Area name="b" />
      </>,
    );
    view.rerender(<Area name="a" />);
    expect(socket.current!.disconnect).not.toHaveBeenCalled();
    act(() => socket.current!.emit("newBooking", makeBooking({ _id: "b8" })));
    expect(screen.getByTestId("a")).toHaveTextContent("b8");
    view.unmount();
    expect(socket.current!.disconnect).toHaveBeenCalledTimes(1);
  });

  it("does not connect without a session", () => {
    localStorage.clear();
    render(<Area name="a" />);
    expect(connectAdminSocket).not.toHaveBeenCalled();
  });
});
