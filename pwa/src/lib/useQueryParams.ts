import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/** Values to set in the URL's query; null or "" removes the parameter. */
export type QueryChanges = Record<string, string | null>;

/**
 * A list screen's view in its URL: the query and a way to change part of it. A filter or a sort is a new history
 * entry (Back returns to the view before it); `replace` is for what changes letter by letter (a search being typed).
 * A change of view forgets nothing else of the query.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (changes: QueryChanges, { replace = false }: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === "") next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return [params, change] as const;
}
