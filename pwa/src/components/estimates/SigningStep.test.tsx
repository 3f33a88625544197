import type { Estimate } from "@contracts/estimates/estimate.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeOption } from "../../test/estimateFixtures.ts";
import { describe, expect, it, vi } from "vitest";
import { sign } from "../../test/canvas.ts";
import { SigningStep, type Signed } from "./SigningStep.tsx";

const ESTIMATE = {
  _id: "e1",
  number: "",
  status: "draft",
  options: [makeOption("o1", "Good", 34900), makeOption("o2", "Better", 58900)],
  message: "Found mold on the coil.",
  taxRatePercent: 0,
  taxLabel: "Sales tax",
} as unknown as Estimate;

/** One option that asks a $100.00 deposit, none paid yet. */
const WITH_DEPOSIT = {
  ...ESTIMATE,
  options: [{ ...makeOption("o1", "Good", 34900), depositCents: 10000 }],
  depositPercent: 0,
  depositPaidCents: 0,
} as unknown as Estimate;

function open(onSign = vi.fn(async (_signed: Signed) => undefined), estimate = ESTIMATE) {
  render(<SigningStep estimate={estimate} onSign={onSign} onClose={() => undefined} />);
  return { dialog: screen.getByRole("dialog", { name: "Your Estimate" }), onSign };
}

describe("SigningStep", () => {
  it("shows the options side by side with what each costs, and asks the customer to choose", () => {
    const { dialog } = open();
    const cards = within(dialog).getAllByRole("heading", { level: 3 });
    expect(cards.map((h) => h.textContent)).toEqual(["Good", "Better"]);
    expect(dialog).toHaveTextContent("$349.00");
    expect(dialog).toHaveTextContent("$589.00");
    expect(dialog).toHaveTextContent("Found mold on the coil.");
    expect(within(dialog).queryByRole("textbox", { name: /Your full name/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Approve" })).toBeDisabled();
  });

  it("approves the chosen option with the typed name, a PNG signature and the time of signing", async () => {
    const user = userEvent.setup();
    const { dialog, onSign } = open();
    await user.click(within(dialog).getByRole("button", { name: "Choose Better" }));
    const approve = within(dialog).getByRole("button", { name: "Approve Better – $589.00" });
    expect(approve).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    expect(approve).toBeDisabled();
    sign(within(dialog).getByRole("img", { name: "Your signature" }));
    expect(within(dialog).getByText(/By signing you approve/)).toHaveTextContent(
      "By signing you approve Better for $589.00; the other options are declined.",
    );
    await user.click(approve);
    await vi.waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    const signed = onSign.mock.calls[0]![0];
    expect(signed).toMatchObject({ optionId: "o2", signedBy: "Jane Doe" });
    expect(signed.signature).toMatch(/^data:image\/png;base64,/);
    expect(Number.isNaN(Date.parse(signed.at))).toBe(false);
  });

  it("says why an approval could not be kept and lets the customer try again", async () => {
    const user = userEvent.setup();
    const { dialog } = open(
      vi.fn(async () => {
        throw new Error("This estimate has expired");
      }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Choose Good" }));
    await user.type(within(dialog).getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    sign(within(dialog).getByRole("img", { name: "Your signature" }));
    await user.click(within(dialog).getByRole("button", { name: "Approve Good – $349.00" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This estimate has expired");
    expect(within(dialog).getByRole("button", { name: "Approve Good – $349.00" })).toBeEnabled();
  });

  it("asks how the option's deposit was taken, and hands it over with the approval", async () => {
    const user = userEvent.setup();
    const { dialog, onSign } = open(undefined, WITH_DEPOSIT);
    await user.type(within(dialog).getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    sign(within(dialog).getByRole("img", { name: "Your signature" }));
    const deposit = within(dialog).getByRole("group", { name: "Deposit due now: $100.00" });
    const approve = within(dialog).getByRole("button", { name: "Approve Good – $349.00" });
    expect(approve).toBeDisabled();
    await user.click(within(deposit).getByRole("radio", { name: "Check" }));
    await user.type(within(deposit).getByRole("textbox", { name: "Check number" }), "1042");
    await user.click(approve);
    await vi.waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    expect(onSign.mock.calls[0]![0].deposit).toEqual({ method: "check", amountCents: 10000, reference: "1042" });
  });

  it("approves without a deposit when it is not taken now", async () => {
    const user = userEvent.setup();
    const { dialog, onSign } = open(undefined, WITH_DEPOSIT);
    await user.type(within(dialog).getByRole("textbox", { name: /Your full name/ }), "Jane Doe");
    sign(within(dialog).getByRole("img", { name: "Your signature" }));
    await user.click(within(dialog).getByRole("radio", { name: "Not taken now" }));
    await user.click(within(dialog).getByRole("button", { name: "Approve Good – $349.00" }));
    await vi.waitFor(() => expect(onSign).toHaveBeenCalledTimes(1));
    expect(onSign.mock.calls[0]![0].deposit).toBeUndefined();
  });
});
