import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PasswordField } from "./PasswordField.tsx";

function Form(props: Partial<Parameters<typeof PasswordField>[0]>) {
  const [value, setValue] = useState("");
  return (
    <PasswordField label="New password" autoComplete="new-password" value={value} onChange={setValue} {...props} />
  );
}

describe("PasswordField", () => {
  it("hides what is typed until Show is pressed, and hides it again with Hide", async () => {
    const user = userEvent.setup();
    render(<Form />);
    const input = screen.getByLabelText("New password");
    await user.type(input, "Attic fans 2027");
    expect(input).toHaveAttribute("type", "password");
    expect(input).toHaveValue("Attic fans 2027");

    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("Attic fans 2027");

    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(input).toHaveAttribute("type", "password");
  });

  it("does not submit its form when Show is pressed", async () => {
    const submitted: string[] = [];
    render(
      <form onSubmit={(e) => (e.preventDefault(), submitted.push("sent"))}>
        <Form />
      </form>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(submitted).toEqual([]);
  });

  it("keeps what the password manager reads: its autocomplete, its name and required", () => {
    render(<Form name="password" required markRequired={false} autoComplete="current-password" />);
    const input = screen.getByLabelText("New password");
    expect(input).toHaveAttribute("autocomplete", "current-password");
    expect(input).toHaveAttribute("name", "password");
    expect(input).toBeRequired();
  });

  it("is described by its hint and its error", () => {
    render(<Form hint="At least 12 characters." error="This password is too common." />);
    const input = screen.getByLabelText("New password");
    expect(input).toHaveAccessibleDescription("At least 12 characters. This password is too common.");
    expect(input).toHaveAttribute("aria-invalid", "true");
  });
});
