import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it } from "vitest";
import { updateReady } from "../../lib/pwa/updateReady.ts";
import { UpdatePrompt } from "./UpdatePrompt.tsx";

afterEach(() => updateReady.set(false));

it("stays hidden until a new service worker waits, then offers Reload", async () => {
  render(<UpdatePrompt />);
  expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();

  act(() => updateReady.set(true));

  // The toast's code loads when it is first needed.
  expect(await screen.findByRole("status")).toHaveTextContent("A new version is available");
  expect(screen.getByRole("button", { name: "Reload" })).toBeEnabled();
});

it("can be put off with Later, without reloading", async () => {
  updateReady.set(true);
  render(<UpdatePrompt />);

  await userEvent.click(await screen.findByRole("button", { name: "Later" }));

  expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();
});
