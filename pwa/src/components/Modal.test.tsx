import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Modal } from "./Modal.tsx";

function Nested({ onOuterClose }: { onOuterClose: () => void }) {
  const [inner, setInner] = useState(true);
  return (
    <Modal title="Booking Details" onClose={onOuterClose}>
      <p>Details</p>
      {inner && (
        <Modal title="New Estimate" onClose={() => setInner(false)}>
          <p>Builder</p>
        </Modal>
      )}
    </Modal>
  );
}

describe("Modal", () => {
  it("closes only the dialog on top on Escape, then the one under it", async () => {
    const user = userEvent.setup();
    const outerClose = vi.fn();
    render(<Nested onOuterClose={outerClose} />);
    expect(screen.getByRole("dialog", { name: "New Estimate" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "New Estimate" })).not.toBeInTheDocument();
    expect(outerClose).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(outerClose).toHaveBeenCalledTimes(1);
  });
});
