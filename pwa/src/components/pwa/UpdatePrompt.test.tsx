import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it } from "vitest";
import { updateReady } from "../../lib/pwa/updateReady.ts";
import { UpdatePrompt } from "./UpdatePrompt.tsx";

afterEach(() => updateReady.set(false));

it("stays hidden until a new service worker waits, then offers Reload", () => {
  render(<UpdatePrompt />);
  expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();

  act(() => updateReady.set(true));

  expect(screen.getByRole("status")).toHaveTextContent("A new version is available");
  expect(screen.getByRole("button", { name: "Reload" })).toBeEnabled();
});

it("can be put off with Later, without reloading", async () => {
  updateReady.set(true);
  render(<UpdatePrompt />);

  await userEvent.click(screen.getByRole("button", { name: "Later" }));

  expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();
});
