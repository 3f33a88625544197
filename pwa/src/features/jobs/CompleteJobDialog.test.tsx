import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { sign, stubCanvas } from "../../test/canvas.ts";
import { formatPlain } from "@contracts/i18n/messages.ts";
import { CompleteJobDialog, type Completion } from "./CompleteJobDialog.tsx";

function openDialog(onSave: (completion: Completion) => Promise<void> = async () => undefined) {
  const save = vi.fn(onSave);
  const close = vi.fn();
  // The English the job screen's translator gives when no catalog is loaded.
  render(<CompleteJobDialog onSave={save} onClose={close} t={(m, v) => formatPlain(m.defaultMessage, v)} />);
  const dialog = screen.getByRole("dialog", { name: "Complete Job" });
  return {
    save,
    close,
    dialog,
    confirm: within(dialog).getByRole("button", { name: "Save and Complete" }),
    pad: within(dialog).getByRole("img", { name: "Customer signature" }),
  };
}

describe("CompleteJobDialog", () => {
  it("asks for an optional final note and the customer's signature, or says the customer was not present", () => {
    const { dialog } = openDialog();
    expect(within(dialog).getByRole("textbox", { name: "Final note (optional)" })).toHaveValue("");
    expect(within(dialog).getByRole("img", { name: "Customer signature" })).toBeInTheDocument();
    expect(within(dialog).getByRole("checkbox", { name: "Customer not present" })).not.toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeEnabled();
  });

  it("keeps Save and Complete disabled until the customer signs, and again after Clear", async () => {
    const user = userEvent.setup();
    const { dialog, confirm, pad } = openDialog();
    expect(confirm).toBeDisabled();
    sign(pad);
    expect(confirm).toBeEnabled();
    await user.click(within(dialog).getByRole("button", { name: "Clear" }));
    expect(confirm).toBeDisabled();
  });

  it("completes with the final note and the signature as a PNG", async () => {
    const user = userEvent.setup();
    const { dialog, confirm, pad, save, close } = openDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Final note (optional)" }), "  All 12 vents done.  ");
    sign(pad);
    await user.click(confirm);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({
      note: "All 12 vents done.",
      signature: expect.any(Blob),
      customerNotPresent: false,
    });
    expect(save.mock.calls[0]![0].signature!.type).toBe("image/png");
    // Closing is the screen's part once the work is kept.
    expect(close).not.toHaveBeenCalled();
  });

  it("completes without a signature when the customer is not present, and the pad then takes no ink", async () => {
    const user = userEvent.setup();
    const canvas = stubCanvas();
    const { dialog, confirm, pad, save } = openDialog();
    await user.click(within(dialog).getByRole("checkbox", { name: "Customer not present" }));
    expect(confirm).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Clear" })).toBeDisabled();
    sign(pad);
    expect(canvas.drawing().lines).toEqual([]);
    await user.click(confirm);
    expect(save).toHaveBeenCalledWith({ note: "", signature: null, customerNotPresent: true });
  });

  it("Cancel closes it and completes nothing", async () => {
    const user = userEvent.setup();
    const { dialog, pad, save, close } = openDialog();
    sign(pad);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(close).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveBeenCalled();
  });

  it("says why a completion could not be kept and lets the technician try again", async () => {
    const user = userEvent.setup();
    const { dialog, confirm, pad, save } = openDialog(async () => {
      throw new Error("This job was cancelled by the office.");
    });
    sign(pad);
    await user.click(confirm);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This job was cancelled by the office.");
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
