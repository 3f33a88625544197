/** A part of the customer's page that could not be read, with no last view to show instead. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="card portal-card">
      <p>We could not load {what}. Please check your connection and try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
