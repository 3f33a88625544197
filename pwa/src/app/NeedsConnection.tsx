import { Link } from "react-router-dom";

/**
 * Shown instead of a screen whose code is not kept on the device (Reports: its charts weigh more than every other
 * screen together, and its figures come from the server anyway) when it is opened without a connection.
 */
export default function NeedsConnection() {
  return (
    <div className="adm adm-dashboard">
      <h1 className="adm-dashboard__title">No connection</h1>
      <p className="banner banner-error" role="alert">
        This screen needs a connection to the server. Open it again when you are back online.
      </p>
      <Link className="btn btn-outline" to="/dashboard">
        Back to Dashboard
      </Link>
    </div>
  );
}
