import { type Context, Hono, type MiddlewareHandler } from "hono";
import { DEFAULT_LOCALE } from "../../../contracts/i18n/locales.ts";
import { type CustomerLanguage, CustomerLanguageSchema } from "../../../contracts/portal/language.ts";
import { PORTAL_MESSAGES } from "../../../contracts/portal/portal.ts";
import { NotFound } from "../../../errors.ts";
import type { AppEnv } from "../../../http/env.ts";
import { validateJson } from "../../../http/validate.ts";
import type { CustomerLanguageRepo } from "./repo.ts";

export interface PortalLanguageDeps {
  repo: CustomerLanguageRepo;
  requireCustomer: MiddlewareHandler<AppEnv>;
}

/**
 * GET/PUT /api/portal/language: the signed-in customer's own language, on their record, in the `{ data }` envelope of
 * the portal's other reads (the server renders the customer's page in it). A customer whose bookings no worker has
 * linked to a record yet reads English and cannot set one (404), as with their consent to texts.
 */
export function portalLanguageRoutes({ repo, requireCustomer }: PortalLanguageDeps) {
  const recordOf = (c: Context<AppEnv>) => c.get("customer").customerId;
  return new Hono<AppEnv>()
    .get("/language", requireCustomer, async (c) => {
      const id = recordOf(c);
      const data: CustomerLanguage = { locale: (id && (await repo.localeOf(id))) || DEFAULT_LOCALE };
      return c.json({ data }, 200, { "Cache-Control": "private, no-store" });
    })
    .put("/language", requireCustomer, validateJson(CustomerLanguageSchema), async (c) => {
      const id = recordOf(c);
      const { locale } = c.req.valid("json");
      if (!id || !(await repo.setLocale(id, locale))) throw new NotFound(PORTAL_MESSAGES.customerNotFound);
      const data: CustomerLanguage = { locale };
      return c.json({ data });
    });
}
