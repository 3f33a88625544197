import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentDialog } from "./PaymentDialog.tsx";
import { parseAmount } from "./paymentForm.ts";

function open(
  balanceCents = 14_900,
  onRecord = vi.fn(async (_payment: object) => undefined),
  tips = { enabled: false, percentPresets: [15, 18, 20] },
) {
  render(
    <PaymentDialog
      number="INV-000001"
      balanceCents={balanceCents}
      tips={tips}
      onRecord={onRecord}
      onClose={() => undefined}
    />,
  );
  return { user: userEvent.setup(), onRecord };
}

const TIPS_ON = { enabled: true, percentPresets: [15, 18, 20] };

const amount = () => screen.getByLabelText(/Amount/);

describe("the payment dialog's tip", () => {
  it("offers the presets on a card payment, with what each comes to, and sends the tip apart", async () => {
    const { user, onRecord } = open(14_900, undefined, TIPS_ON);
    expect(screen.queryByRole("group", { name: "Tip" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Card" }));
    await user.type(screen.getByLabelText(/Last four/), "4242");
    // 18 % of $149.00 = $26.82.
    await user.click(screen.getByRole("radio", { name: "18% · $26.82" }));
    await user.click(screen.getByRole("button", { name: "Record Card $149.00 + $26.82 tip" }));
    expect(onRecord).toHaveBeenCalledWith(
      expect.objectContaining({ method: "card", amountCents: 14_900, tipCents: 2_682, reference: "4242" }),
    );
  });

  it("takes an amount of the customer's choosing, and refuses one that is not money", async () => {
    const { user, onRecord } = open(14_900, undefined, TIPS_ON);
    await user.click(screen.getByRole("radio", { name: "Card" }));
    await user.type(screen.getByLabelText(/Last four/), "4242");
    await user.click(screen.getByRole("radio", { name: "Other" }));
    await user.type(screen.getByLabelText(/Tip/), "ten");
    await user.click(screen.getByRole("button", { name: /Record Card/ }));
    expect(await screen.findByText("Enter the tip in dollars and cents, like 20.00.")).toBeInTheDocument();
    expect(onRecord).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Tip/));
    await user.type(screen.getByLabelText(/Tip/), "10");
    await user.click(screen.getByRole("button", { name: "Record Card $149.00 + $10.00 tip" }));
    expect(onRecord).toHaveBeenCalledWith(expect.objectContaining({ amountCents: 14_900, tipCents: 1_000 }));
  });

  it("offers no tip on cash, nor on a card while tips are off in Settings", async () => {
    const { user, onRecord } = open();
    await user.click(screen.getByRole("radio", { name: "Card" }));
    expect(screen.queryByRole("group", { name: "Tip" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Last four/), "4242");
    await user.click(screen.getByRole("button", { name: "Record Card $149.00" }));
    expect(onRecord.mock.calls[0]![0]).not.toHaveProperty("tipCents");
  });
});

describe("the payment dialog", () => {
  it("starts at the balance and records cash for it", async () => {
    const { user, onRecord } = open();
    expect(amount()).toHaveValue("149.00");
    await user.click(screen.getByRole("button", { name: "Record Cash $149.00" }));
    expect(onRecord).toHaveBeenCalledWith(expect.objectContaining({ method: "cash", amountCents: 14_900 }));
    expect(onRecord.mock.calls[0]![0]).not.toHaveProperty("reference");
  });

  it("asks for a check's number, and sends part of the balance with it", async () => {
    const { user, onRecord } = open();
    await user.click(screen.getByRole("radio", { name: "Check" }));
    await user.clear(amount());
    await user.type(amount(), "50");
    await user.click(screen.getByRole("button", { name: "Record Check $50.00" }));
    expect(await screen.findByText("Enter the check's number.")).toBeInTheDocument();
    expect(onRecord).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Check number/), "1042");
    await user.click(screen.getByRole("button", { name: "Record Check $50.00" }));
    expect(onRecord).toHaveBeenCalledWith(
      expect.objectContaining({ method: "check", amountCents: 5_000, reference: "1042" }),
    );
  });

  it("asks a card for its last four or the terminal's reference", async () => {
    const { user, onRecord } = open();
    await user.click(screen.getByRole("radio", { name: "Card" }));
    await user.click(screen.getByRole("button", { name: /Record Card/ }));
    expect(await screen.findByText("Enter the card's last four digits or the terminal's reference.")).toBeVisible();
    expect(onRecord).not.toHaveBeenCalled();
  });

  it("says in words why an amount is refused: more than the balance, nothing, or not money", async () => {
    const { user, onRecord } = open();
    await user.clear(amount());
    await user.type(amount(), "150");
    await user.click(screen.getByRole("button", { name: /Record Cash/ }));
    expect(await screen.findByText("That is more than the balance of $149.00.")).toBeInTheDocument();
    await user.clear(amount());
    await user.type(amount(), "0");
    expect(await screen.findByText("The amount must be more than $0.00.")).toBeInTheDocument();
    await user.clear(amount());
    await user.type(amount(), "12.345");
    expect(await screen.findByText("Enter an amount in dollars and cents, like 45.00.")).toBeInTheDocument();
    expect(onRecord).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps the form", async () => {
    const { user } = open(
      14_900,
      vi.fn(async (_payment: object) => Promise.reject(new Error("That is more than the balance of $99.00"))),
    );
    await user.click(screen.getByRole("button", { name: "Record Cash $149.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That is more than the balance of $99.00");
    expect(amount()).toHaveValue("149.00");
  });

  it("reads dollars as typed into whole cents", () => {
    expect(parseAmount("$1,200.5")).toBe(120_050);
    expect(parseAmount("45")).toBe(4_500);
    expect(parseAmount("-5")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });
});
