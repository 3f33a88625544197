import type { EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { MAX_DECLINE_REASON, MAX_SIGNED_BY } from "@contracts/estimates/estimate.ts";
import { lazy, Suspense, useRef, useState } from "react";
import { OptionCards } from "../../components/estimates/OptionCards.tsx";
import { cents } from "../../components/estimates/money.ts";
import { TextField } from "../../components/form/Field.tsx";
import type { SignaturePadHandle } from "../../components/SignaturePad.tsx";
import { failureText } from "../../lib/http.ts";
import { approveEstimate, declineEstimate } from "./api.ts";

// The pad is optional and most customers type their name only: its code loads when they choose to draw.
const SignaturePad = lazy(() => import("../../components/SignaturePad.tsx").then((m) => ({ default: m.SignaturePad })));

/** Choose an option and approve it with a typed name (a drawn signature if wanted), or decline with a reason. */
export function Decide({ view, token, onDecided }: { view: EstimatePublicView; token: string; onDecided: () => void }) {
  const [chosen, setChosen] = useState<string | null>(view.options.length === 1 ? view.options[0]!._id : null);
  const [name, setName] = useState("");
  const [drawing, setDrawing] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pad = useRef<SignaturePadHandle>(null);
  const option = view.options.find((o) => o._id === chosen) ?? null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      // The answer is said at the top of the page, where a phone scrolled down to the button would not see it.
      window.scrollTo({ top: 0 });
      onDecided();
    } catch (error) {
      setProblem(failureText(error, { otherwise: "That did not go through. Please try again or call us." }));
      setBusy(false);
    }
  };

  const approve = () =>
    run(async () => {
      if (!option) return;
      const blob = drawing ? await pad.current?.toBlob() : null;
      const signature = blob
        ? await import("../../components/SignaturePad.tsx").then((m) => m.blobToDataUrl(blob))
        : undefined;
      await approveEstimate(token, {
        optionId: option._id,
        signedBy: name.trim(),
        ...(signature ? { signature } : {}),
      });
    });

  return (
    <>
      <OptionCards
        options={view.options}
        taxLabel={view.taxLabel}
        taxRatePercent={view.taxRatePercent}
        chosenOptionId={chosen}
        headingLevel={2}
        foot={(o) => (
          <button
            type="button"
            className={o._id === chosen ? "btn btn-primary" : "btn btn-outline"}
            aria-pressed={o._id === chosen}
            onClick={() => {
              setChosen(o._id);
              setDeclining(false);
            }}
          >
            {o._id === chosen ? `${o.title} chosen` : `Choose ${o.title}`}
          </button>
        )}
      />

      {option && !declining && (
        <form
          className="card estimate-page__card estimate-page__approve"
          aria-label="Approve"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void approve();
          }}
        >
          <h2>Approve {option.title}</h2>
          <TextField
            id="estimate-name"
            label="Your full name"
            required
            autoComplete="name"
            maxLength={MAX_SIGNED_BY}
            value={name}
            onChange={setName}
            hint="Typing your name signs this approval."
          />
          {drawing ? (
            <Suspense fallback={<p role="status">Loading the signature pad…</p>}>
              <SignaturePad ref={pad} onChange={() => undefined} label="Your signature (optional)" />
            </Suspense>
          ) : (
            <button type="button" className="estimate-page__link" onClick={() => setDrawing(true)}>
              Add a drawn signature (optional)
            </button>
          )}
          <p className="estimate-page__terms">
            By approving you authorize {option.title} for {cents(option.totalCents)}
            {view.options.length > 1 && "; the other options are declined"}.
          </p>
          <button type="submit" className="btn btn-primary estimate-page__submit" disabled={busy || !name.trim()}>
            {busy ? "Sending…" : `Approve ${option.title} – ${cents(option.totalCents)}`}
          </button>
        </form>
      )}

      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}

      {declining ? (
        <form
          className="card estimate-page__card"
          aria-label="Decline"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => declineEstimate(token, reason.trim()));
          }}
        >
          <h2>Decline this estimate</h2>
          <TextField
            id="estimate-reason"
            label="Reason (optional)"
            rows={3}
            maxLength={MAX_DECLINE_REASON}
            value={reason}
            onChange={setReason}
            hint="It helps us do better next time."
          />
          <div className="estimate-page__row">
            <button type="button" className="btn btn-outline" onClick={() => setDeclining(false)} disabled={busy}>
              Back
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Sending…" : "Decline Estimate"}
            </button>
          </div>
        </form>
      ) : (
        <p className="estimate-page__decline">
          Not what you want?{" "}
          <button type="button" className="estimate-page__link" onClick={() => setDeclining(true)}>
            Decline this estimate
          </button>
        </p>
      )}
    </>
  );
}
