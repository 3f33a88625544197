import type { DataEnvelope } from "../contracts/common/wire.ts";
import type { Service } from "../contracts/services/service.ts";
import type { TestContext } from "./context.ts";
import { serviceBody } from "./fixtures.ts";

/** PUT of the seeded air duct cleaning with its own title, image and duration, and `body` over them (an admin's by default). */
export const editAirDuctCleaning = (ctx: TestContext, body: Record<string, unknown>, token?: string) =>
  ctx.request<DataEnvelope<Service>>("PUT", "/api/services/air-duct-cleaning", {
    token: token ?? ctx.adminToken,
    body: serviceBody({
      title: "Air Duct Cleaning",
      image: "/images/services/air-duct-cleaning.svg",
      duration: "2-4 hours",
      ...body,
    }),
  });
