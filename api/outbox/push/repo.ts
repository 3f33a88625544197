import webpush from "web-push";
import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { onceUnlessFailed } from "../../platform/once.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How many devices one staff member may have subscribed; the oldest go first. */
export const MAX_DEVICES_PER_STAFF = 10;

export interface PushRepo {
  /** The stored key pair, made by the first caller on any instance (all instances then read the same one). */
  storedKeys(): Promise<VapidKeys>;
  /** Saves a device for a staff member; an endpoint already known moves to them with its new keys. */
  subscribe(staffId: string, subscription: PushSubscriptionRow): Promise<void>;
  /** Removes a staff member's own device; another's endpoint is left alone. */
  unsubscribe(staffId: string, endpoint: string): Promise<void>;
  /** The device to send to, if it still exists and its staff member is active. */
  device(id: string): Promise<PushSubscriptionRow | null>;
  /** The push service said the device is gone (404/410). */
  forget(id: string): Promise<void>;
}

export function createPushRepo(sql: Sql): PushRepo {
  return {
    async storedKeys() {
      const fresh = webpush.generateVAPIDKeys();
      await sql`
        insert into push_keys (public_key, private_key) values (${fresh.publicKey}, ${fresh.privateKey})
        on conflict (id) do nothing`;
      const [row] = await sql<{ public_key: string; private_key: string }[]>`
        select public_key, private_key from push_keys`;
      return { publicKey: row!.public_key, privateKey: row!.private_key };
    },
    async subscribe(staffId, s) {
      await transaction(sql, async (tx) => {
        await tx`
          insert into push_subscriptions (staff_id, endpoint, p256dh, auth)
          values (${staffId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
          on conflict (endpoint) do update
            set staff_id = excluded.staff_id, p256dh = excluded.p256dh, auth = excluded.auth,
                created_at = date_trunc('milliseconds', now())`;
        await tx`
          delete from push_subscriptions where staff_id = ${staffId} and id not in (
            select id from push_subscriptions where staff_id = ${staffId}
            order by created_at desc limit ${MAX_DEVICES_PER_STAFF})`;
      });
    },
    async unsubscribe(staffId, endpoint) {
      await sql`delete from push_subscriptions where staff_id = ${staffId} and endpoint = ${endpoint}`;
    },
    async device(id) {
      const [row] = await sql<PushSubscriptionRow[]>`
        select s.endpoint, s.p256dh, s.auth from push_subscriptions s join admin_users a on a.id = s.staff_id
        where s.id = ${id} and a.status = 'active'`;
      return row ?? null;
    },
    async forget(id) {
      await sql`delete from push_subscriptions where id = ${id}`;
    },
  };
}

/** The configured key pair, or the stored one; read once per process. */
export function vapidKeysOf(configured: VapidKeys | null, repo: PushRepo): () => Promise<VapidKeys> {
  return configured ? () => Promise.resolve(configured) : onceUnlessFailed(() => repo.storedKeys());
}
