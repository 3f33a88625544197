import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./http.ts";

/** Where a read stands: on its way, answered, or failed (the error as thrown: NetworkError, ApiError, ...). */
export type Loaded<T> = { state: "loading" } | { state: "ready"; data: T } | { state: "failed"; error: unknown };

/** A read and the ways to do it again or change what it answered; `reload`, `refresh` and `update` never change. */
export type Load<T> = Loaded<T> & {
  /** Reads again from the start: the screen shows its loading state meanwhile. */
  reload: () => void;
  /**
   * Reads again behind what is shown (a live event, a reconnection, a save): the data stays until the answer, and a
   * failure keeps it, unless the server says the thing is gone (404).
   */
  refresh: () => void;
  /** Changes the data shown (a live event, the answer of a save); nothing happens before the first answer. */
  update: (change: (data: T) => T) => void;
};

/** The server knows no such thing (any more). */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

interface Request<T> {
  read: () => Promise<T>;
  round: number;
}

type Settled<T> = Request<T> & { outcome: Exclude<Loaded<T>, { state: "loading" }> };

/**
 * Reads `read()` when the screen opens and again whenever `read` is another function (give it from useCallback with
 * what it reads, e.g. the id): an answer to a read that is no longer the screen's is dropped, whether the screen
 * moved on or closed. `keepShown`: while a new read is on its way, the last data stays on screen instead of the
 * loading state (a record read again after it changed); `reload` still shows the loading state. `initial`: the
 * answer the page came with from the server (usePageData): shown at once, and the first read is not made.
 */
export function useLoad<T>(
  read: () => Promise<T>,
  { keepShown = false, initial }: { keepShown?: boolean; initial?: T } = {},
): Load<T> {
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(() =>
    initial === undefined ? null : { read, round: 0, outcome: { state: "ready", data: initial } },
  );
  /** The read the screen waits for; null once it closed. */
  const current = useRef<Request<T> | null>(null);
  /** True until the first read would go: it is not made when the page came with its answer. */
  const given = useRef(initial !== undefined);

  useEffect(() => {
    const request = { read, round };
    current.current = request;
    if (given.current) {
      given.current = false;
      return () => {
        current.current = null;
      };
    }
    const settle = (outcome: Settled<T>["outcome"]) => {
      if (current.current === request) setSettled({ ...request, outcome });
    };
    read().then(
      (data) => settle({ state: "ready", data }),
      (error: unknown) => settle({ state: "failed", error }),
    );
    return () => {
      current.current = null;
    };
  }, [read, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  const refresh = useCallback(() => {
    const request = current.current;
    if (!request) return;
    request.read().then(
      (data) => {
        if (current.current === request) setSettled({ ...request, outcome: { state: "ready", data } });
      },
      (error: unknown) => {
        if (current.current !== request) return;
        setSettled((shown) =>
          shown?.read === request.read && shown.outcome.state === "ready" && !isNotFound(error)
            ? shown
            : { ...request, outcome: { state: "failed", error } },
        );
      },
    );
  }, []);

  const update = useCallback(
    (change: (data: T) => T) =>
      setSettled((shown) =>
        shown?.outcome.state === "ready"
          ? { ...shown, outcome: { state: "ready", data: change(shown.outcome.data) } }
          : shown,
      ),
    [],
  );

  const shown: Loaded<T> =
    settled?.round === round && (settled.read === read || (keepShown && settled.outcome.state === "ready"))
      ? settled.outcome
      : { state: "loading" };
  return { ...shown, reload, refresh, update };
}
