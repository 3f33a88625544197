import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { handleRefusals } from "../../lib/http.ts";
import { setStepUpAsker, staffRefusals } from "../../lib/stepUp.ts";

const StepUpDialog = lazy(() => import("./StepUpDialog.tsx"));

/**
 * Answers every staff screen's step-up refusal (lib/stepUp.ts): opens the dialog, and tells the fetch layer whether
 * the person confirmed, for it to repeat the action once. The dialog's code loads when first needed.
 */
export function StepUpHost() {
  const [asking, setAsking] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    const unregister = setStepUpAsker(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setAsking(true);
        }),
    );
    handleRefusals(staffRefusals);
    return () => {
      handleRefusals(null);
      unregister();
    };
  }, []);

  if (!asking) return null;
  const done = (confirmed: boolean) => {
    setAsking(false);
    settle.current?.(confirmed);
    settle.current = null;
  };
  return (
    <Suspense fallback={null}>
      <StepUpDialog onDone={done} />
    </Suspense>
  );
}
