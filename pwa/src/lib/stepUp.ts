import type { RefusalHandler } from "./http.ts";

/**
 * Step-up: a staff action that moves money or access answers 401 `{ reauth: true }` when the sign-in is too old or
 * lacks a factor. The staff shell registers who asks the person (the step-up dialog) and `staffRefusals` with the
 * fetch layer, which then waits for them and repeats the action once. Without a registered asker the 401 stands.
 */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let pending: Promise<boolean> | null = null;

/** A staff call refused until the person sets up a second factor (the sign-in policy): the shell takes them there. */
export const SETUP_REQUIRED_EVENT = "factor-setup-required";

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

const flag = (body: unknown, name: "reauth" | "setupRequired") =>
  typeof body === "object" && body !== null && (body as Record<string, unknown>)[name] === true;

/**
 * The staff shell's refusals: a step-up is asked for and repeated once (cancelled, or refused again, the session
 * stays); a session the policy holds goes to set up its second factor.
 */
export const staffRefusals: RefusalHandler = async (status, body, repeated) => {
  if (status === 401 && flag(body, "reauth")) return !repeated && (await confirmItIsYou()) ? "repeat" : "keep";
  if (status === 403 && flag(body, "setupRequired")) window.dispatchEvent(new Event(SETUP_REQUIRED_EVENT));
  return null;
};
