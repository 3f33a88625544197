/**
 * `load`, run by the first call and its answer shared with every call after it, except that a failure is not kept:
 * the next call runs `load` again (a database or a disk that was down a moment is asked again).
 */
export function onceUnlessFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | null = null;
  return () =>
    (kept ??= load().catch((error: unknown) => {
      kept = null;
      throw error;
    }));
}
