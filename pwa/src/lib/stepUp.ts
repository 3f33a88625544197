/**
 * Step-up: a staff action that moves money or access answers 401 `{ reauth: true }` when the sign-in is too old or
 * lacks a factor. The staff shell registers who asks the person (the step-up dialog); the fetch layer waits for
 * them and repeats the action once. Without a registered asker (a public page) the 401 stands.
 */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog that confirms it is the person; returns the unregister. */
export function setStepUpAsker(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/**
 * Asks once for any number of actions refused together (two exports started at once share one dialog): true when
 * the person confirmed, false when they cancelled or nobody can ask.
 */
export function confirmItIsYou(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = null;
  });
  return pending;
}

/** True for the body of a step-up refusal. */
export const isReauthBody = (body: unknown): boolean =>
  typeof body === "object" && body !== null && (body as { reauth?: unknown }).reauth === true;
