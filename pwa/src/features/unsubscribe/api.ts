import { request } from "../../lib/http.ts";

/** POST /api/unsubscribe/{token}: the customer's own token from the e-mail is the only credential. */
export async function unsubscribe(token: string): Promise<void> {
  await request(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: "POST" });
}
