import { describe, expect, it } from "vitest";
import { groupCustomers } from "./customers.ts";
import { makeBooking } from "../../test/staffFixtures.ts";

describe("groupCustomers", () => {
  const first = makeBooking({
    _id: "old",
    email: "Jane@Example.com",
    homeAddress: "1 First Ave",
    city: "Charlotte",
    state: "NC",
    zip: "28202",
    createdAt: "2030-01-01T00:00:00.000Z",
  });
  const later = makeBooking({
    _id: "new",
    email: "jane@example.com",
    homeAddress: "99 Moved Rd",
    city: "Concord",
    state: "NC",
    zip: "28025",
    createdAt: "2030-05-01T00:00:00.000Z",
  });
  const other = makeBooking({
    _id: "bob",
    firstName: "Bob",
    lastName: "Ray",
    email: "bob@example.com",
    createdAt: "2030-03-01T00:00:00.000Z",
  });

  it("groups bookings by e-mail regardless of letter case and counts them", () => {
    const customers = groupCustomers([later, other, first]);
    expect(customers).toHaveLength(2);
    const jane = customers.find((c) => c.key === "jane@example.com")!;
    expect(jane.bookings.map((b) => b._id)).toEqual(["new", "old"]);
    expect(customers.find((c) => c.key === "bob@example.com")!.bookings).toHaveLength(1);
  });

  it("takes the address from the customer's first (oldest) booking", () => {
    const jane = groupCustomers([later, other, first]).find((c) => c.key === "jane@example.com")!;
    expect(jane.address).toBe("1 First Ave, Charlotte, NC 28202");
    expect(jane.email).toBe("Jane@Example.com");
    expect(jane.name).toBe("Jane Doe");
  });

  it("lists the customer with the most recent booking first", () => {
    expect(groupCustomers([other, first, later]).map((c) => c.key)).toEqual(["jane@example.com", "bob@example.com"]);
  });

  it("is empty for no bookings", () => {
    expect(groupCustomers([])).toEqual([]);
  });
});
