/**
 * `run` at once on the first call, then at most once per `ms`: the calls within a window are folded into one run at
 * its end, so the last call is always followed by a run. For a signal whose many copies say no more than one, such
 * as "there is mail to send": under load one per window rather than one per booking.
 */
export function atMostEvery(ms: number, run: () => void): () => void {
  let window: ReturnType<typeof setTimeout> | null = null;
  let calledSince = false;
  const close = () => {
    if (!calledSince) {
      window = null;
      return;
    }
    calledSince = false;
    run();
    window = setTimeout(close, ms);
  };
  return () => {
    if (window !== null) {
      calledSince = true;
      return;
    }
    run();
    window = setTimeout(close, ms);
  };
}
