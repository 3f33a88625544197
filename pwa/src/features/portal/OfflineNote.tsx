import { momentText } from "./format.ts";

/** Said above a last view shown with no signal: what the customer reads may have changed since. */
export function OfflineNote({ asOf, timeZone }: { asOf: string; timeZone: string }) {
  return (
    <p role="status" className="portal-offline">
      You are offline. This is your page as of {momentText(asOf, timeZone)}; changes need a connection.
    </p>
  );
}
