// The import boundaries of eslint.config.js, checked on made-up files (node --test, run by `npm run check:lint`).
import { RuleTester } from "eslint";
import { after, describe, it } from "node:test";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import { boundaries } from "../eslint.config.js";

RuleTester.afterAll = after;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = fileURLToPath(new URL("..", import.meta.url));
const at = (path) => join(root, path);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run("architecture/boundaries", boundaries, {
  valid: [
    { filename: at("pwa/src/features/bookings/A.tsx"), code: 'import { x } from "./api.ts";' },
    { filename: at("pwa/src/features/bookings/edit/E.tsx"), code: 'import { x } from "../api.ts";' },
    { filename: at("pwa/src/features/bookings/A.tsx"), code: 'import { x } from "../../lib/format.ts";' },
    { filename: at("pwa/src/features/bookings/A.tsx"), code: 'import { x } from "@contracts/bookings/booking.ts";' },
    { filename: at("pwa/src/app/dashboard/Page.tsx"), code: 'import { x } from "../../features/bookings/A.tsx";' },
    { filename: at("pwa/src/features/bookings/A.test.tsx"), code: 'import { x } from "../../test/staffApi.ts";' },
    { filename: at("api/features/bookings/routes.ts"), code: 'import { x } from "../../db/client.ts";' },
    {
      filename: at("api/features/services/routes.ts"),
      code: 'import type { AuditRepo } from "../audit/repo.ts";',
      options: [{ shared: ["api/features/audit"] }],
    },
    { filename: at("pwa/src/features/book/B.tsx"), code: 'import { x } from "@contracts/bookings/pricing.ts";' },
    {
      filename: at("pwa/src/app/publicPages.ts"),
      code: 'import { x } from "../../../api/contracts/services/catalog.ts";',
    },
    {
      filename: at("api/contracts/bookings/schemas.ts"),
      code: 'import * as v from "valibot"; import { y } from "../common/fields.ts";',
    },
    { filename: at("api/contracts/bookings/pricing.test.ts"), code: 'import assert from "node:assert/strict";' },
  ],
  invalid: [
    {
      filename: at("api/features/bookings/routes.ts"),
      code: 'import { x } from "../../../pwa/src/lib/format.ts";',
      errors: [{ messageId: "apiImportsPwa" }],
    },
    {
      filename: at("pwa/src/features/jobs/JobPage.tsx"),
      code: 'import { x } from "../../../../api/db/client.ts"; import { y } from "../../../../api/errors.ts";',
      errors: [{ messageId: "pwaImportsApi" }, { messageId: "pwaImportsApi" }],
    },
    {
      filename: at("api/contracts/bookings/pricing.ts"),
      code: 'import { x } from "../../db/client.ts"; import { y } from "node:crypto"; import z from "postgres";',
      errors: [{ messageId: "contractsImport" }, { messageId: "contractsImport" }, { messageId: "contractsImport" }],
    },
    {
      filename: at("pwa/src/features/bookings/A.tsx"),
      code: 'import { x } from "../messages/api.ts";',
      errors: [{ messageId: "sideways" }],
    },
    {
      filename: at("pwa/src/features/bookings/edit/E.tsx"),
      code: 'export * from "../../../features/customers/customers.ts";',
      errors: [{ messageId: "sideways" }],
    },
    {
      filename: at("pwa/src/features/bookings/A.tsx"),
      code: 'const m = () => import("../services/api.ts"); type T = typeof import("../services/api.ts");',
      errors: [{ messageId: "sideways" }, { messageId: "sideways" }],
    },
    {
      filename: at("api/features/services/routes.ts"),
      code: 'import type { AuditRepo } from "../audit/repo.ts";',
      errors: [{ messageId: "sideways" }],
    },
    {
      filename: at("pwa/src/lib/format.ts"),
      code: 'import { x } from "../features/bookings/api.ts"; import { y } from "../app/App.tsx";',
      errors: [{ messageId: "upwards" }, { messageId: "upwards" }],
    },
    {
      filename: at("pwa/src/features/bookings/A.tsx"),
      code: 'import { makeBooking } from "../../test/staffFixtures.ts";',
      errors: [{ messageId: "testHelper" }],
    },
  ],
});
