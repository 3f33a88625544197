// Links every booking of a bench database to its customer and property, through the worker's own pass (the same
// link_booking_customer a new booking goes through), in large batches until none is left. Prints how many it linked.
// Usage: deno run -A scripts/bench/link-customers.ts postgres://…/bench_x
import { connect } from "../../api/db/client.ts";
import { linkUnlinkedBookings } from "../../api/features/customers/linker.ts";

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
} finally {
  await sql.end({ timeout: 5 });
}
console.log(JSON.stringify({ linked: total }));
