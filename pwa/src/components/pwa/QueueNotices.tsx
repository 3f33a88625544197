import { Link } from "../Link.tsx";
import type { PublicWriteItem } from "../../lib/offline-queue/db.ts";
import { describeItem, failureAdvice, retryTarget } from "../../lib/offline-queue/failureAdvice.ts";
import { dismissFailed } from "../../lib/offline-queue/publicWrites.ts";
import { usePublicWriteItems } from "../../lib/pwa/hooks.ts";
import "./pwa.css";

/**
 * What waits on this device and what the server refused on replay, each refusal with what to do next.
 * A refused item stays listed until dismissed: it is never dropped silently.
 */
export function QueueNotices() {
  const items = usePublicWriteItems();
  const pending = items.filter((item) => item.state === "pending");
  const failed = items.filter((item) => item.state === "failed");
  if (items.length === 0) return null;
  return (
    <section className="pwa-queue" aria-label="Requests saved on this device">
      {pending.length > 0 && (
        <p className="pwa-queue-pending" role="status">
          {pending.length === 1 ? "1 request is" : `${pending.length} requests are`} saved on this device and will be
          sent automatically when the connection is back.
        </p>
      )}
      {failed.map((item) => (
        <FailedNotice key={item.id} item={item} />
      ))}
    </section>
  );
}

function FailedNotice({ item }: { item: PublicWriteItem }) {
  const retry = retryTarget(item);
  return (
    <div className="pwa-queue-failed" role="alert">
      <p className="pwa-queue-title">{describeItem(item)} was not accepted</p>
      <p>{failureAdvice(item)}</p>
      <div className="pwa-toast-actions">
        <Link className="btn btn-primary" to={retry.to} state={retry.state} onClick={() => void dismissFailed(item.id)}>
          {item.kind === "contact" ? "Write again" : "Book again"}
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => void dismissFailed(item.id)}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
