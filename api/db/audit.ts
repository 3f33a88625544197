import type { Actor } from "../contracts/common/actor.ts";
import type { AuditAction, AuditEntry, FieldChange } from "../contracts/audit/audit.ts";
import { jsonb, type Sql, type Tx } from "./client.ts";

/** Bookkeeping fields every change moves: the diff leaves them out. */
const NOT_A_CHANGE = new Set(["_id", "version", "createdAt", "updatedAt"]);

type Fields = object;

/**
 * What changed between two versions of an entity, field by field (compared as JSON). `before` null is a
 * creation (only `to`), `after` null a deletion (only `from`).
 */
export function diffFields(before: Fields | null, after: Fields | null): Record<string, FieldChange> {
  const old = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (NOT_A_CHANGE.has(key)) continue;
    if (before && after && JSON.stringify(old[key]) === JSON.stringify(now[key])) continue;
    const change: FieldChange = {};
    if (before && key in old) change.from = old[key];
    if (after && key in now) change.to = now[key];
    changes[key] = change;
  }
  return changes;
}

export interface AuditRecord {
  actor: Actor;
  entityType: AuditEntry["entityType"];
  entityId: string;
  action: AuditAction;
  before: Fields | null;
  after: Fields | null;
}

/** The audit trail: written in the change's own transaction, never updated or deleted by the app. */
export interface AuditRepo {
  record(tx: Tx, entry: AuditRecord): Promise<void>;
  /** Entries of one entity, newest first (they outlive the entity). */
  history(entityType: AuditEntry["entityType"], entityId: string): Promise<AuditEntry[]>;
}

interface AuditRow {
  id: string;
  at: Date;
  admin_id: string | null;
  admin_email: string;
  entity_type: AuditEntry["entityType"];
  entity_id: string;
  action: AuditAction;
  changes: Record<string, FieldChange>;
}

const toEntry = (r: AuditRow): AuditEntry => ({
  _id: r.id,
  at: r.at.toISOString(),
  adminId: r.admin_id,
  adminEmail: r.admin_email,
  entityType: r.entity_type,
  entityId: r.entity_id,
  action: r.action,
  changes: r.changes,
});

/** Writes one entry in the caller's transaction; it needs no connection of its own. */
export async function recordAudit(tx: Tx, e: AuditRecord): Promise<void> {
  const changes = diffFields(e.before, e.after);
  // A save that changed nothing is not a change worth a line.
  if (e.before && e.after && Object.keys(changes).length === 0) return;
  await tx`
    insert into audit_log (admin_id, admin_email, entity_type, entity_id, action, changes)
    values (${e.actor.id}, ${e.actor.email}, ${e.entityType}, ${e.entityId}, ${e.action},
            ${jsonb(tx, changes)})`;
}

export function createAuditRepo(sql: Sql): AuditRepo {
  return {
    record: recordAudit,
    async history(entityType, entityId) {
      const rows = await sql<AuditRow[]>`
        select * from audit_log where entity_type = ${entityType} and entity_id = ${entityId}
        order by seq desc`;
      return rows.map(toEntry);
    },
  };
}
