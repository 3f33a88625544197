import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyOnlineDialog } from "./lazyOnlineDialog.tsx";

const WORDS = { title: "Working hours", offline: "Working hours need a connection." };

describe("a dialog loaded when opened", () => {
  it("draws the dialog once its chunk has loaded", async () => {
    const Dialog = lazyOnlineDialog(
      () => Promise.resolve(({ onClose }: { onClose: () => void }) => <button onClick={onClose}>The form</button>),
      WORDS,
    );
    render(
      <Suspense fallback={null}>
        <Dialog onClose={vi.fn()} />
      </Suspense>,
    );
    expect(await screen.findByRole("button", { name: "The form" })).toBeVisible();
  });

  it("says it needs a connection when its chunk cannot load, and closes as the dialog would", async () => {
    const onClose = vi.fn();
    const Dialog = lazyOnlineDialog<{ onClose: () => void }>(
      () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
      WORDS,
    );
    render(
      <Suspense fallback={null}>
        <Dialog onClose={onClose} />
      </Suspense>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Working hours" });
    expect(dialog).toHaveTextContent("Working hours need a connection.");
    await userEvent.click(screen.getAllByRole("button", { name: /close/i })[0]!);
    expect(onClose).toHaveBeenCalled();
  });
});
