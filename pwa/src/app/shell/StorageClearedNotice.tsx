import { formatReceived } from "../../lib/format.ts";

/** Said when the browser cleared the site's storage: the queue is empty because work was lost, not sent. */
export function StorageClearedNotice({ since, onRead }: { since: string; onRead: () => void }) {
  return (
    <div className="banner banner-error shell-cleared" role="alert">
      <p>
        The browser cleared this app&apos;s storage on this device. Work recorded here before now that had not been sent
        (since you signed in, {formatReceived(since)}) may be lost: check your jobs and record again anything missing.
      </p>
      <button type="button" className="btn btn-outline" onClick={onRead}>
        I have checked
      </button>
    </div>
  );
}
