import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { SessionList } from "./SessionList.tsx";

const session = (id: string, device: string, current = false) => ({
  _id: id,
  device,
  createdAt: "2026-11-28T10:00:00.000Z",
  lastSeenAt: "2026-11-28T11:00:00.000Z",
  lastAddress: "203.0.113.7",
  current,
});

it("lists each device with where it was last seen; this device has no sign-out button", async () => {
  const onRevoke = vi.fn();
  render(
    <SessionList
      sessions={[session("s1", "Safari on iPad", true), session("s2", "Chrome on Android")]}
      busyId={null}
      onRevoke={onRevoke}
    />,
  );
  expect(screen.getAllByRole("listitem")).toHaveLength(2);
  expect(screen.getByText("This device")).toBeInTheDocument();
  expect(screen.getAllByText(/from 203\.0\.113\.7/)).toHaveLength(2);
  expect(screen.queryByRole("button", { name: "Sign out Safari on iPad" })).toBeNull();
  await userEvent.setup().click(screen.getByRole("button", { name: "Sign out Chrome on Android" }));
  expect(onRevoke).toHaveBeenCalledWith(expect.objectContaining({ _id: "s2" }));
});

it("says so while one is being signed out", () => {
  render(<SessionList sessions={[session("s2", "Chrome on Android")]} busyId="s2" onRevoke={() => {}} />);
  expect(screen.getByRole("button", { name: "Sign out Chrome on Android" })).toBeDisabled();
  expect(screen.getByText("Signing out...")).toBeInTheDocument();
});
