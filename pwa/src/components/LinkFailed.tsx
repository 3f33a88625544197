import { failureText } from "../lib/http.ts";
import { telHref, useProfile } from "../lib/profile.tsx";
import { isNotFound } from "../lib/useLoad.ts";

/**
 * A customer's link (an estimate, an invoice) that could not be read: not found says to use the link as it is or
 * call; anything else says what failed, with a retry.
 */
export function LinkFailed({
  what,
  error,
  onRetry,
  className,
}: {
  what: "estimate" | "invoice";
  error: unknown;
  onRetry: () => void;
  className: string;
}) {
  const { phone } = useProfile();
  const title = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  if (isNotFound(error))
    return (
      <div className={`card ${className}`}>
        <h1>{title} not found</h1>
        <p>
          This link does not lead to an {what}. Please use the link in your e-mail as it is, or call us at{" "}
          <a href={telHref(phone)}>{phone}</a>.
        </p>
      </div>
    );
  return (
    <div className={`card ${className}`} role="alert">
      <h1>Your {what}</h1>
      <p>
        {failureText(error, {
          otherwise: `We could not load your ${what}.`,
          network: `We could not load your ${what}. Please check your connection.`,
        })}
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
