import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { captureInstallPrompt } from "../../lib/pwa/installPrompt.ts";
import { InstallButton } from "./InstallButton.tsx";

it("appears only once the browser offers installation, and opens the browser's dialog on click", async () => {
  captureInstallPrompt();
  render(<InstallButton />);
  expect(screen.queryByRole("button", { name: "Install app" })).not.toBeInTheDocument();

  const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: "accepted" as const, platform: "web" }),
  });
  act(() => {
    window.dispatchEvent(offer);
  });
  expect(offer.defaultPrevented).toBe(true);

  await userEvent.click(screen.getByRole("button", { name: "Install app" }));

  expect(offer.prompt).toHaveBeenCalledTimes(1);
  // An offer can be used once: the button goes away.
  expect(screen.queryByRole("button", { name: "Install app" })).not.toBeInTheDocument();
});
