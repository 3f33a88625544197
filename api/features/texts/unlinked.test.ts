import assert from "node:assert/strict";
import type { Page } from "../../contracts/common/paging.ts";
import type { ConversationRow, TextMessage, UnlinkedNumber } from "../../contracts/texts/texts.ts";
import { addStaff } from "../../testing/staff.ts";
import { textsContext, textsTest } from "./testing.ts";

const STRANGER = "+19805550177";

textsTest("a text from a number on no customer's record is listed apart for the office, with its texts", async () => {
  const { ctx, peer, drain, close } = await textsContext();
  try {
    assert.equal((await peer.inbound(STRANGER, "Do you clean dryer vents in Gastonia?")).status, 200);
    ctx.clock.advance(60_000);
    assert.equal((await peer.inbound(STRANGER, "HELP")).status, 200);
    await drain();

    const listed = await ctx.asAdmin<{ data: UnlinkedNumber[] }>("GET", "/api/conversations/unlinked");
    assert.equal(listed.status, 200);
    assert.equal(listed.body.data.length, 1);
    const [number] = listed.body.data;
    assert.deepEqual([number!.phone, number!.received, number!.lastDirection], [STRANGER, 2, "outbound"]);
    assert.match(number!.lastBody, /call us at/, "HELP was answered, whoever asks");

    const thread = await ctx.asAdmin<{ data: TextMessage[] }>(
      "GET",
      `/api/conversations/unlinked/${encodeURIComponent(STRANGER)}`,
    );
    assert.equal(thread.status, 200);
    assert.deepEqual(
      thread.body.data.map((t) => [t.direction, t.customerId, t.body.slice(0, 12)]),
      [
        ["inbound", "", "Do you clean"],
        ["inbound", "", "HELP"],
        ["outbound", "", thread.body.data[2]!.body.slice(0, 12)],
      ],
    );
    const customers = await ctx.asAdmin<Page<ConversationRow>>("GET", "/api/conversations");
    assert.equal(customers.body.data.length, 0, "no customer's conversation holds it");

    assert.equal((await ctx.asAdmin("GET", "/api/conversations/unlinked/not-a-number")).status, 400);
    const tech = await addStaff(ctx, "Terry Tech");
    for (const path of ["/api/conversations/unlinked", `/api/conversations/unlinked/${encodeURIComponent(STRANGER)}`]) {
      assert.equal((await ctx.request("GET", path, { token: tech.token })).status, 403, path);
      assert.equal((await ctx.request("GET", path)).status, 401, path);
    }
  } finally {
    await close();
  }
});
