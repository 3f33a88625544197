import { act, render, screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { OfflineIndicator } from "./OfflineIndicator.tsx";

function goOffline(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

it("says nothing while online and shows an offline notice in a status region when the network drops", () => {
  render(<OfflineIndicator />);
  const region = screen.getByRole("status");
  expect(region).toBeEmptyDOMElement();

  goOffline(true);
  expect(region).toHaveTextContent(/You are offline/);
  expect(region).toHaveTextContent(/saved on this device/);

  goOffline(false);
  expect(region).toBeEmptyDOMElement();
});

it("shows the notice right away when the page opens offline", () => {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  render(<OfflineIndicator />);
  expect(screen.getByRole("status")).toHaveTextContent(/You are offline/);
});
