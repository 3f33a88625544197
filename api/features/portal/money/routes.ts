import { type Context, Hono, type MiddlewareHandler } from "hono";
import {
  groupEstimates,
  groupInvoices,
  PORTAL_MONEY_MESSAGES,
  type PortalEstimate,
  type PortalInvoice,
} from "../../../contracts/portal/money.ts";
import type { CustomerKey } from "../../../db/customer-key.ts";
import { NotFound } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";

export interface PortalMoneyDeps {
  /** The estimates of the customer's bookings (sent, expired or approved), as the portal shows them. */
  estimates: (customer: CustomerKey) => Promise<PortalEstimate[]>;
  /** The invoices of the customer's bookings, void ones aside, as the portal shows them. */
  invoices: (customer: CustomerKey) => Promise<PortalInvoice[]>;
  requireCustomer: MiddlewareHandler<AppEnv>;
}

/**
 * The signed-in customer's estimates and invoices, read through their address: another customer's is not found (404),
 * however its id was learnt. Approving, declining and paying are not here: each document's link opens its own page,
 * which acts through the estimate's or the invoice's one path (decision 0056).
 */
export function portalMoneyRoutes({ estimates, invoices, requireCustomer }: PortalMoneyDeps) {
  return new Hono<AppEnv>()
    .route("/estimates", documentRoutes(estimates, groupEstimates, PORTAL_MONEY_MESSAGES.estimateNotFound))
    .route("/invoices", documentRoutes(invoices, groupInvoices, PORTAL_MONEY_MESSAGES.invoiceNotFound));

  /** The list, grouped as the portal shows it, and one by its id; neither kept by any cache between. */
  function documentRoutes<T extends { _id: string }, G>(
    read: (customer: CustomerKey) => Promise<T[]>,
    group: (all: readonly T[]) => G,
    missing: string,
  ) {
    const mine = (c: Context<AppEnv>) => {
      c.header("Cache-Control", "private, no-store");
      return read(c.get("customer"));
    };
    return new Hono<AppEnv>()
      .get("/", requireCustomer, async (c) => c.json({ data: group(await mine(c)) }))
      .get("/:id", requireCustomer, async (c) => {
        const found = (await mine(c)).find((d) => d._id === c.req.param("id"));
        if (!found) throw new NotFound(missing);
        return c.json({ data: found });
      });
  }
}
