// Links every booking of a bench database to its customer and property, through the worker's own pass (the same
// link_booking_customer a new booking goes through), in large batches until none is left; then folds the dashboard's
// counters as the worker does every minute. Prints how many it linked.
// Usage: deno run -A scripts/bench/link-customers.ts postgres://…/bench_x
import { DEFAULT_BUSINESS_TZ } from "../../api/contracts/schedule/dates.ts";
import { connect } from "../../api/db/client.ts";
import { linkUnlinkedBookings } from "../../api/features/customers/linker.ts";
import { createDashboardRepo, FIGURES_KEPT_MS } from "../../api/features/dashboard/repo.ts";

const url = Deno.args[0];
if (!url) throw new Error("usage: link-customers.ts DATABASE_URL");
const sql = connect(url, { max: 1 });
let total = 0;
try {
  for (;;) {
    const linked = await linkUnlinkedBookings(sql, 5000);
    total += linked;
    if (linked === 0) break;
  }
  // The bench's instances run in the API's default zone.
  await createDashboardRepo(sql).fold(new Date(Date.now() - FIGURES_KEPT_MS), DEFAULT_BUSINESS_TZ);
} finally {
  await sql.end({ timeout: 5 });
}
console.log(JSON.stringify({ linked: total }));
