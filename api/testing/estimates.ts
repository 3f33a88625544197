import assert from "node:assert/strict";
import type { Booking } from "../contracts/bookings/booking.ts";
import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { PriceBookItem } from "../contracts/price-book/item.ts";
import type { TestContext } from "./context.ts";
import { bookingBody } from "./fixtures.ts";

/** A real 1×1 PNG, as a drawn signature's data URL. */
export const SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A new booking (Dana's, unless overridden); its id. */
export async function newBooking(ctx: TestContext, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await ctx.request<DataEnvelope<Booking>>("POST", "/api/bookings", { body: bookingBody(overrides) });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data._id;
}

/**
 * Two customers with a booking each, as the memberships' tests meet them: Dana at 1200 East Blvd (`dana` overrides
 * her booking), and Sam at 8 Pine St with his own phone, an hour after.
 */
export async function danaAndSam(ctx: TestContext, dana: Record<string, unknown> = {}) {
  const get = async (id: string) => (await ctx.repos.bookings.get(id))!;
  return {
    dana: await get(await newBooking(ctx, dana)),
    sam: await get(
      await newBooking(ctx, {
        email: "sam@example.com",
        homeAddress: "8 Pine St",
        contactNumber: "(704) 555-0123",
        cleaningTime: "1:00 PM",
      }),
    ),
  };
}

/** The seeded price book, by name. */
export async function priceBookByName(ctx: TestContext): Promise<Map<string, PriceBookItem>> {
  const res = await ctx.asAdmin<DataEnvelope<PriceBookItem[]>>("GET", "/api/price-book");
  return new Map(res.body.data.map((i) => [i.name, i]));
}
