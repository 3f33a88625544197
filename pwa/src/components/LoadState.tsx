import type { ReactNode } from "react";
import { NetworkError, type ApiError } from "../lib/http.ts";
import { isNotFound, type Loaded } from "../lib/useLoad.ts";
import "./LoadState.css";

type Text<E> = ReactNode | ((error: E) => ReactNode);

interface LoadStateProps<T> {
  load: Loaded<T>;
  /** The screen's own words while it loads ("Loading settings..."). */
  loading: ReactNode;
  /** What a failure says; a function reads the error (e.g. the server's message). */
  failed: Text<unknown>;
  /** What a failure without an answer says (no connection, a timeout); `failed` where absent. */
  offline?: ReactNode;
  /** What a 404 says, on screens that have a "not found"; `failed` where absent. */
  notFound?: Text<ApiError>;
  /** Offers "Try again" beside a failure (not beside a 404: reading it again would not help). */
  onRetry?: () => void;
  /** What the screen shows once loaded. */
  children?: (data: T) => ReactNode;
}

const say = <E,>(text: Text<E>, error: E): ReactNode => (typeof text === "function" ? text(error) : text);

/** The one way a screen says it is loading, could not load, has no connection or found nothing; then its content. */
export function LoadState<T>({ load, loading, failed, offline, notFound, onRetry, children }: LoadStateProps<T>) {
  if (load.state === "ready") return <>{children?.(load.data)}</>;
  if (load.state === "loading")
    return (
      <p className="load-state" role="status">
        <span className="load-state__spinner" aria-hidden="true" /> {loading}
      </p>
    );
  const { error } = load;
  const gone = notFound !== undefined && isNotFound(error);
  const text = gone
    ? say(notFound, error)
    : offline !== undefined && error instanceof NetworkError
      ? offline
      : say(failed, error);
  return (
    <p className="banner banner-error load-state__failed" role="alert">
      {text}
      {onRetry && !gone && (
        <>
          {" "}
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            Try again
          </button>
        </>
      )}
    </p>
  );
}
