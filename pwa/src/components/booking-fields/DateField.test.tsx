import { DEFAULT_BOOKING_RULES, type BookingRules } from "@contracts/schedule/rules.ts";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { DateField } from "./DateField.tsx";

// 2026-03-10 03:30 UTC is still Monday March 9 in New York: tomorrow there is Tuesday March 10.
const NOW = new Date("2026-03-10T03:30:00Z");

/** Presses the calendar button and waits for the month grid, whose code loads on first use. */
async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Open calendar" }));
  await screen.findByRole("dialog");
}

function Harness({
  onChange,
  horizonDays = 365,
  rules = { ...DEFAULT_BOOKING_RULES, horizonDays },
}: {
  onChange?: (v: string) => void;
  horizonDays?: number;
  rules?: BookingRules;
}) {
  const [value, setValue] = useState("");
  return (
    <>
      <DateField
        value={value}
        now={NOW}
        rules={rules}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("DateField", () => {
  it("offers nothing past the booking horizon and refuses a typed date beyond it", async () => {
    const user = userEvent.setup();
    // Today in New York is Monday March 9: with a 30-day horizon the last day is Wednesday April 8.
    render(<Harness horizonDays={30} />);
    await openCalendar(user);
    await user.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByRole("button", { name: "Wednesday, April 8, 2026" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Thursday, April 9, 2026" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next month" })).toBeDisabled();
    await user.keyboard("{Escape}");
    await user.type(screen.getByLabelText("Preferred Date"), "04/09/2026");
    expect(screen.getByText("Please choose a date within the next 30 days")).toBeInTheDocument();
    expect(screen.getByLabelText("Preferred Date")).toBeInvalid();
  });

  it("makes tomorrow in New York time the first selectable day", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await openCalendar(user);
    expect(screen.getByRole("button", { name: "Monday, March 9, 2026" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Tuesday, March 10, 2026" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Previous month" })).toBeDisabled();
  });

  it("disables every Saturday in the calendar", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await openCalendar(user);
    expect(screen.getByRole("button", { name: "Saturday, March 14, 2026 (closed)" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Saturday, March 21, 2026 (closed)" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Friday, March 13, 2026" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByRole("button", { name: "Saturday, April 4, 2026 (closed)" })).toBeDisabled();
  });

  it("picks a day from the calendar and reports it as YYYY-MM-DD", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await openCalendar(user);
    await user.click(screen.getByRole("button", { name: "Friday, March 13, 2026" }));
    expect(onChange).toHaveBeenLastCalledWith("2026-03-13");
    expect(screen.getByLabelText("Preferred Date")).toHaveValue("03/13/2026");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("moves by keyboard, skipping Saturdays, and closes on Escape", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await openCalendar(user);
    expect(screen.getByRole("button", { name: "Tuesday, March 10, 2026" })).toHaveFocus();
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("button", { name: "Sunday, March 15, 2026" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("2026-03-15");
    await openCalendar(user);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open calendar" })).toHaveFocus();
  });

  it("shows 'Date input not valid.' for a typed value that is not a date", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Preferred Date");
    await user.type(input, "02/30/2026");
    expect(screen.getByText("Date input not valid.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("value")).toHaveTextContent("");
  });

  it("shows 'Date input not valid.' for gibberish once the field is left", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText("Preferred Date"), "next week");
    expect(screen.queryByText("Date input not valid.")).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText("Date input not valid.")).toBeInTheDocument();
  });

  it("accepts a typed date and refuses one before tomorrow", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Preferred Date");
    await user.type(input, "03/12/2026");
    expect(screen.getByTestId("value")).toHaveTextContent("2026-03-12");
    expect(screen.getByText("Thursday, March 12, 2026")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "03/09/2026");
    expect(screen.getByText("Please choose a date from tomorrow on.")).toBeInTheDocument();
  });

  it("keeps a typed Saturday but warns that Saturdays are closed", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText("Preferred Date"), "03/14/2026");
    expect(screen.getByTestId("value")).toHaveTextContent("2026-03-14");
    expect(screen.getByText("Sorry, we are closed on Saturdays. Please choose another day.")).toBeInTheDocument();
  });

  it("empties the date with the clear button", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText("Preferred Date");
    await user.type(input, "03/12/2026");
    await user.click(screen.getByRole("button", { name: "Clear date" }));
    expect(input).toHaveValue("");
    expect(screen.getByTestId("value")).toHaveTextContent("");
    expect(input).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Clear date" })).not.toBeInTheDocument();
  });

  it("follows the owner's settings: a closed Sunday and a closed date are disabled and refused with their reason", async () => {
    const user = userEvent.setup();
    const rules: BookingRules = {
      ...DEFAULT_BOOKING_RULES,
      hours: { ...DEFAULT_BOOKING_RULES.hours, sunday: null },
      closedDates: [{ from: "2026-03-17", to: "2026-03-18", reason: "Staff training" }],
    };
    render(<Harness rules={rules} />);
    await openCalendar(user);
    expect(screen.getByRole("button", { name: "Sunday, March 15, 2026 (closed)" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Wednesday, March 18, 2026 (closed)" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Thursday, March 19, 2026" })).toBeEnabled();
    await user.keyboard("{Escape}");
    await user.type(screen.getByLabelText("Preferred Date"), "03/17/2026");
    expect(screen.getByText("We're closed on March 17, 2026 (Staff training)")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Preferred Date"));
    await user.type(screen.getByLabelText("Preferred Date"), "03/15/2026");
    expect(screen.getByText("We're closed on Sundays")).toBeInTheDocument();
  });
});

describe("on a page rendered at build time", () => {
  it("keeps the calendar button disabled until React runs there, then enables it", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Harness />);
    document.body.append(container);
    expect(screen.getByRole("button", { name: "Open calendar" })).toBeDisabled();

    const root = await act(async () => hydrateRoot(container, <Harness />));

    expect(screen.getByRole("button", { name: "Open calendar" })).toBeEnabled();
    act(() => root.unmount());
    container.remove();
  });
});
