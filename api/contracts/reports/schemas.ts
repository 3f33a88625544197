import * as v from "valibot";
import { isoDate } from "../common/fields.ts";
import { MAX_REPORT_DAYS, periodDays } from "./reports.ts";

/** GET /api/reports/*?from=YYYY-MM-DD&to=YYYY-MM-DD: a period of at most MAX_REPORT_DAYS. */
export const ReportQuerySchema = v.pipe(
  v.object({ from: isoDate, to: isoDate }),
  v.check(({ from, to }) => from <= to, "from must not be after to"),
  v.check((period) => periodDays(period) <= MAX_REPORT_DAYS, `A report covers at most ${MAX_REPORT_DAYS} days`),
);
