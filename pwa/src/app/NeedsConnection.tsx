import { Link } from "../components/Link.tsx";
import { getUser } from "../lib/session.ts";

/**
 * Shown instead of a screen whose code is not kept on the device when it is opened without a connection: Reports
 * (its charts weigh more than every other screen together, and its figures come from the server anyway), the
 * customers' screens and Messages (decision 0063), and the manage, invitation and unsubscribe pages, which only ask
 * the server.
 */
export default function NeedsConnection() {
  const staff = getUser() !== null;
  return (
    <div className="adm adm-dashboard">
      <h1 className="adm-dashboard__title">No connection</h1>
      <p className="banner banner-error" role="alert">
        This screen needs a connection to the server. Open it again when you are back online.
      </p>
      <Link className="btn btn-outline" to={staff ? "/dashboard" : "/"}>
        {staff ? "Back to Dashboard" : "Back to Home"}
      </Link>
    </div>
  );
}
