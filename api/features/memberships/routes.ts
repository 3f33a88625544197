import { type Context, Hono, type MiddlewareHandler } from "hono";
import { customerActor, staffActor } from "../../contracts/common/actor.ts";
import type { JoinOffer, Plan } from "../../contracts/plans/plan.ts";
import { CancelMembershipSchema, EnrollSchema, JoinSchema, PlanPaymentSchema } from "../../contracts/plans/schemas.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { ListedMembership, MembershipsRepo } from "./repo.ts";
import type { MembershipService } from "./service.ts";
import { membershipView } from "./view.ts";

export interface MembershipRoutesDeps {
  memberships: MembershipService;
  repo: MembershipsRepo;
  clock: Clock;
  businessTz: string;
  requireAdmin: MiddlewareHandler<AppEnv>;
  requireStaff: MiddlewareHandler<AppEnv>;
  requireCustomer: MiddlewareHandler<AppEnv>;
  /** Every plan (the customer is offered the active ones). */
  plans: () => Promise<Plan[]>;
  /** True when paying by card is set up: joining from the customer's page needs it. */
  online: boolean;
}

/** The views of memberships, each with its card on file asked of the provider (side by side). */
async function views(deps: MembershipRoutesDeps, list: readonly ListedMembership[]) {
  const today = todayIn(deps.businessTz, deps.clock.now());
  return await Promise.all(list.map(async (m) => membershipView(m, today, await deps.memberships.card(m))));
}

/** Under /api/customers: the office reads a customer's memberships (staff) and enrolls a property (admins). */
export function customerMembershipRoutes(deps: MembershipRoutesDeps) {
  const { memberships, repo, requireAdmin, requireStaff } = deps;
  return new Hono<AppEnv>()
    .get("/:id/memberships", requireStaff, async (c) => {
      return c.json({ data: await views(deps, await repo.forCustomer(c.req.param("id"))) });
    })
    .post("/:id/memberships", requireAdmin, validateJson(EnrollSchema), async (c) => {
      const m = await memberships.enroll(c.req.param("id"), c.req.valid("json"), staffActor(c.get("user")));
      return c.json({ data: (await views(deps, [m]))[0] }, 201);
    });
}

/** /api/memberships/{id}/cancel: the office cancels, at the end of the period or at once. */
export function membershipRoutes(deps: MembershipRoutesDeps) {
  return new Hono<AppEnv>().post("/:id/cancel", deps.requireAdmin, validateJson(CancelMembershipSchema), async (c) => {
    const { atPeriodEnd } = c.req.valid("json");
    const m = await deps.memberships.cancel(c.req.param("id"), atPeriodEnd, staffActor(c.get("user")));
    return c.json({ data: (await views(deps, [m]))[0] });
  });
}

/** /api/plan-invoices/{id}/payments: the office records a plan invoice paid on site, by cash or check (admins). */
export function planInvoiceRoutes(deps: MembershipRoutesDeps) {
  return new Hono<AppEnv>().post("/:id/payments", deps.requireAdmin, validateJson(PlanPaymentSchema), async (c) => {
    const m = await deps.memberships.recordPayment(c.req.param("id"), c.req.valid("json"), staffActor(c.get("user")));
    return c.json({ data: (await views(deps, [m]))[0] }, 201);
  });
}

/**
 * /api/portal/memberships: the signed-in customer's plans (another customer's is not found), their cancel, which
 * is always at the end of the period they paid for, joining a plan for a property of theirs, by card, and paying an
 * open plan invoice of theirs online.
 */
export function portalMembershipRoutes(deps: MembershipRoutesDeps) {
  const { memberships, repo, requireCustomer } = deps;
  const mine = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "private, no-store");
    return repo.forCustomerKey(c.get("customer"));
  };
  return new Hono<AppEnv>()
    .get("/", requireCustomer, async (c) => {
      const list = await views(deps, await mine(c));
      return c.json({ data: list.map((m) => ({ ...m, payOnline: deps.online && m.payment === "invoice" })) });
    })
    .get("/offer", requireCustomer, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const customerId = c.get("customer").customerId;
      const [plans, properties] = await Promise.all([deps.plans(), customerId ? repo.joinable(customerId) : []]);
      const offer: JoinOffer = {
        plans: plans
          .filter((p) => p.active)
          .map(({ _id, name, description, priceCents, period, memberDiscountPercent, visits }) => ({
            _id,
            name,
            description,
            priceCents,
            period,
            memberDiscountPercent,
            visits,
          })),
        properties,
        online: deps.online,
      };
      return c.json({ data: offer });
    })
    .post("/", requireCustomer, validateJson(JoinSchema), async (c) => {
      const customer = c.get("customer");
      const m = await memberships.join(customer.customerId, c.req.valid("json"), customerActor(customer));
      return c.json({ data: (await views(deps, [m]))[0] }, 201);
    })
    .post("/:id/invoices/:invoiceId/checkout", requireCustomer, async (c) => {
      const { id, invoiceId } = c.req.param();
      const { url } = await memberships.checkoutInvoice(id, invoiceId, c.get("customer").customerId);
      return c.json({ data: { url } });
    })
    .post("/:id/cancel", requireCustomer, async (c) => {
      const customer = c.get("customer");
      const m = await memberships.cancel(c.req.param("id"), true, customerActor(customer), customer.customerId ?? "");
      return c.json({ data: (await views(deps, [m]))[0] });
    });
}
