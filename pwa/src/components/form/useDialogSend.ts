import { useState, type FormEvent } from "react";

type Problems = Partial<Record<string, string>>;

/**
 * A dialog form's sending: what is wrong with the draft is shown once a send was tried (not while typing the first
 * time), nothing is sent while anything is, and a refusal keeps the form open with its words.
 */
export function useDialogSend<D, P extends Problems>(draft: D, problemsOf: (draft: D) => P) {
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problems: Partial<P> = tried ? problemsOf(draft) : {};

  /** Sends with `act` when the draft has no problem; `failed` words what went wrong. */
  const send = async (e: FormEvent, act: () => Promise<void>, failed: (error: unknown) => string) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problemsOf(draft)).length > 0) return;
    setSaving(true);
    setProblem(null);
    try {
      await act();
    } catch (error) {
      setProblem(failed(error));
      setSaving(false);
    }
  };
  return { problems, saving, problem, send };
}
