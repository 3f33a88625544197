import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Unsubscribed } from "@contracts/outbox/reminders.ts";
import { useEffect, useState } from "react";
import { request } from "../../lib/http.ts";

/**
 * The customers who unsubscribed from the yearly rebook reminder, by lower-cased e-mail and the moment; empty
 * until loaded (read each time the Customers tab opens), and when it cannot be loaded (offline): the list then simply marks no one.
 */
export function useUnsubscribed(wanted: boolean): Map<string, string> {
  const [unsubscribed, setUnsubscribed] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    request<DataEnvelope<Unsubscribed[]>>("/api/unsubscribe", { auth: true, signal: controller.signal })
      .then((res) => setUnsubscribed(new Map(res.data.map((u) => [u.email, u.unsubscribedAt]))))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("Loading who unsubscribed failed", error);
      });
    return () => controller.abort();
  }, [wanted]);
  return unsubscribed;
}
