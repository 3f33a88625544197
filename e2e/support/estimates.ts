// An estimate of the price book's items sent to a customer, and opened from its e-mail on a phone.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import type { Estimate } from "../../api/contracts/estimates/estimate.ts";
import type { PriceBookItem } from "../../api/contracts/price-book/item.ts";
import type { Session } from "./api.ts";
import { waitForMail } from "./mail.ts";

/**
 * POST /api/estimates and its send as `admin`: two options for the booking, a repair of the crushed dryer transition
 * and the repair with a bird guard, named `titles`; the estimate sent.
 */
export async function sendRepairEstimate(
  request: APIRequestContext,
  admin: Session,
  bookingId: string,
  { titles = ["Repair", "Repair and protect"], message }: { titles?: [string, string]; message?: string } = {},
): Promise<Estimate> {
  const headers = { Authorization: `Bearer ${admin.token}` };
  const book = ((await (await request.get("/api/price-book", { headers })).json()) as { data: PriceBookItem[] }).data;
  const id = (name: string) => book.find((i) => i.name === name)!._id;
  const repair = { priceBookItemId: id("Crushed transition duct replacement"), quantity: 1 };
  const created = await request.post("/api/estimates", {
    headers,
    data: {
      bookingId,
      ...(message === undefined ? {} : { message }),
      options: [
        { title: titles[0], lines: [repair] },
        { title: titles[1], lines: [repair, { priceBookItemId: id("Bird guard"), quantity: 1 }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const estimate = ((await created.json()) as { data: Estimate }).data;
  const sent = await request.post(`/api/estimates/${estimate._id}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return estimate;
}

/**
 * The sent estimate's e-mail to `email`, the page its link opens as the server sends it (before any script has run),
 * and that page opened on `page` at a phone's size (390 x 844).
 */
export async function openEstimateOnPhone(
  page: Page,
  request: APIRequestContext,
  estimate: Estimate,
  email: string,
): Promise<{ mail: ParsedMail; served: string }> {
  const mail = await waitForMail(email, new RegExp(estimate.number));
  const link = /https?:\/\/[^\s"<>]+\/estimates\/[A-Za-z0-9_-]+/.exec(mail.text ?? "")?.[0];
  expect(link, "the estimate's link in the e-mail").toBeTruthy();
  const path = new URL(link!).pathname;
  const served = await (await request.get(path)).text();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  return { mail, served };
}
