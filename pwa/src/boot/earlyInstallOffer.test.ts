import { act } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { keepEarlyInstallOffer } from "./earlyInstallOffer.ts";

afterEach(() => {
  delete window.__clearflowInstallOffer;
});

it("keeps an install offer made before the app ran, and the app takes it up when it starts", async () => {
  keepEarlyInstallOffer(window);
  const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: "accepted" as const, platform: "web" }),
  });
  window.dispatchEvent(offer);
  expect(offer.defaultPrevented).toBe(true);

  // The app's own module, fresh: it starts listening only now, as on a prerendered page.
  vi.resetModules();
  const { captureInstallPrompt, installAvailable, promptInstall } = await import("../lib/pwa/installPrompt.ts");
  expect(installAvailable.get()).toBe(false);
  act(() => captureInstallPrompt());

  expect(installAvailable.get()).toBe(true);
  await expect(promptInstall()).resolves.toBe("accepted");
  expect(offer.prompt).toHaveBeenCalledTimes(1);
  expect(window.__clearflowInstallOffer).toBeUndefined();
});
