import { describe, expect, it } from "vitest";
import { makeCustomerDetail } from "../../test/customerFixtures.ts";
import { customerToFields, toCustomerUpdate } from "./customerForm.ts";

describe("toCustomerUpdate", () => {
  const fields = customerToFields(makeCustomerDetail());

  it("sends the record as edited with the version read, blank rows left out and tags split", () => {
    const checked = toCustomerUpdate(
      {
        ...fields,
        emails: ["jane@example.com", " "],
        phones: [...fields.phones, { number: "", label: "work" }],
        tags: "landlord, , VIP",
      },
      3,
    );
    expect(checked).toEqual({
      ok: true,
      update: {
        name: "Jane Doe",
        emails: ["jane@example.com"],
        phones: [{ number: "(704) 555-0131", label: "mobile" }],
        notes: "Prefers mornings.",
        tags: ["landlord", "VIP"],
        version: 3,
      },
    });
  });

  it("puts an error under the row that has it, counted as shown", () => {
    const checked = toCustomerUpdate(
      {
        ...fields,
        emails: ["jane@example.com", "not-an-address"],
        phones: [
          { number: "", label: "mobile" },
          { number: "12", label: "work" },
        ],
      },
      3,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(["emails.1", "phones.1"]);
  });

  it("refuses a customer without an e-mail", () => {
    const checked = toCustomerUpdate({ ...fields, emails: [""] }, 3);
    expect(checked).toMatchObject({ ok: false, errors: { emails: "A customer needs at least one e-mail" } });
  });
});
