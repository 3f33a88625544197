// The outbox as the screens use it. The service worker imports outbox.ts directly (no admin code there).
export type { AdminSnapshot, OutboxItem, OutboxKind, StatusChange } from "./db.ts";
export type { OutboxEvent, OutboxListener } from "./events.ts";
export type { FlushResult, SendResult } from "./outbox.ts";
export type { StatusChangeResult } from "./adminStatusQueue.ts";
export { enqueueAndSend, flushOutbox, listOutbox, dismissFailed } from "./outbox.ts";
export { subscribeOutbox } from "./events.ts";
export { startOutboxSync } from "./startOutboxSync.ts";
export { failureAdvice, describeItem } from "./failureAdvice.ts";
export { enqueueStatusChange, flushStatusChanges, listStatusChanges, dismissStatusChange } from "./adminStatusQueue.ts";
export { saveAdminSnapshot, loadAdminSnapshot, clearAdminData } from "./adminSnapshot.ts";
export { OUTBOX_SYNC_TAG } from "./backgroundSync.ts";
