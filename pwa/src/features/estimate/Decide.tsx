import type { EstimatePublicView } from "@contracts/estimates/estimate.ts";
import { MAX_DECLINE_REASON, MAX_SIGNED_BY } from "@contracts/estimates/estimate.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { lazy, Suspense, useRef, useState } from "react";
import { OptionCards } from "../../components/estimates/OptionCards.tsx";
import { cents } from "../../components/estimates/money.ts";
import { TextField } from "../../components/form/Field.tsx";
import type { SignaturePadHandle } from "../../components/SignaturePad.tsx";
import { failureText } from "../../lib/http.ts";
import { useTypedBeforeHydration } from "../../lib/hydration.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { approveEstimate, declineEstimate } from "./api.ts";

// The pad is optional and most customers type their name only: its code loads when they choose to draw.
const SignaturePad = lazy(() => import("../../components/SignaturePad.tsx").then((m) => ({ default: m.SignaturePad })));

const messages = defineMessages({
  failed: { id: "public.decide.failed", defaultMessage: "That did not go through. Please try again or call us." },
  chosen: { id: "public.decide.chosen", defaultMessage: "{title} chosen" },
  choose: { id: "public.decide.choose", defaultMessage: "Choose {title}" },
  approveForm: { id: "public.decide.approveForm", defaultMessage: "Approve" },
  approveTitle: { id: "public.decide.approveTitle", defaultMessage: "Approve {title}" },
  name: { id: "public.decide.name", defaultMessage: "Your full name" },
  nameHint: { id: "public.decide.nameHint", defaultMessage: "Typing your name signs this approval." },
  padLoading: { id: "public.decide.padLoading", defaultMessage: "Loading the signature pad…" },
  signature: { id: "public.decide.signature", defaultMessage: "Your signature (optional)" },
  drawSignature: { id: "public.decide.drawSignature", defaultMessage: "Add a drawn signature (optional)" },
  authorize: { id: "public.decide.authorize", defaultMessage: "By approving you authorize {title} for {total}." },
  authorizeOthers: {
    id: "public.decide.authorizeOthers",
    defaultMessage: "By approving you authorize {title} for {total}; the other options are declined.",
  },
  depositDue: {
    id: "public.decide.depositDue",
    defaultMessage:
      "A deposit of {amount} is due on approval, paid by card on the next page; it is deducted from your invoice.",
  },
  sending: { id: "public.decide.sending", defaultMessage: "Sending…" },
  approvePay: { id: "public.decide.approvePay", defaultMessage: "Approve and pay the {amount} deposit" },
  approveButton: { id: "public.decide.approveButton", defaultMessage: "Approve {title} – {total}" },
  declineForm: { id: "public.decide.declineForm", defaultMessage: "Decline" },
  declineTitle: { id: "public.decide.declineTitle", defaultMessage: "Decline this estimate" },
  reason: { id: "public.decide.reason", defaultMessage: "Reason (optional)" },
  reasonHint: { id: "public.decide.reasonHint", defaultMessage: "It helps us do better next time." },
  back: { id: "public.decide.back", defaultMessage: "Back" },
  declineButton: { id: "public.decide.declineButton", defaultMessage: "Decline Estimate" },
  notWanted: { id: "public.decide.notWanted", defaultMessage: "Not what you want?" },
});

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
  const { t } = useTranslator();
  // The page is served rendered: a name typed on a slow phone before React took over stays in the box but not in
  // the state, and typing the same name again would change nothing React sees.
  const approveForm = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(approveForm, (field, value) => {
    if (field === "signedBy") setName(value);
  });
  const option = view.options.find((o) => o._id === chosen) ?? null;
  const deposit = option?.depositCents ?? 0;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      // The answer is said at the top of the page, where a phone scrolled down to the button would not see it.
      window.scrollTo({ top: 0 });
      onDecided();
    } catch (error) {
      setProblem(failureText(error, { otherwise: t(messages.failed) }));
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
      const { checkoutUrl } = await approveEstimate(token, {
        optionId: option._id,
        signedBy: name.trim(),
        ...(signature ? { signature } : {}),
      });
      // The deposit is paid on the provider's page, which brings the customer back here once it is.
      if (checkoutUrl) {
        window.location.assign(checkoutUrl);
        await new Promise<never>(() => undefined);
      }
    });

  return (
    <>
      <OptionCards
        options={view.options}
        taxLabel={view.taxLabel}
        taxRatePercent={view.taxRatePercent}
        chosenOptionId={chosen}
        headingLevel={2}
        t={t}
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
            {t(o._id === chosen ? messages.chosen : messages.choose, { title: o.title })}
          </button>
        )}
      />

      {option && !declining && (
        <form
          ref={approveForm}
          className="card estimate-page__card estimate-page__approve"
          aria-label={t(messages.approveForm)}
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void approve();
          }}
        >
          <h2>{t(messages.approveTitle, { title: option.title })}</h2>
          <TextField
            id="estimate-name"
            name="signedBy"
            label={t(messages.name)}
            required
            autoComplete="name"
            maxLength={MAX_SIGNED_BY}
            value={name}
            onChange={setName}
            hint={t(messages.nameHint)}
          />
          {drawing ? (
            <Suspense fallback={<p role="status">{t(messages.padLoading)}</p>}>
              <SignaturePad ref={pad} onChange={() => undefined} label={t(messages.signature)} />
            </Suspense>
          ) : (
            <button type="button" className="estimate-page__link" onClick={() => setDrawing(true)}>
              {t(messages.drawSignature)}
            </button>
          )}
          <p className="estimate-page__terms">
            {t(view.options.length > 1 ? messages.authorizeOthers : messages.authorize, {
              title: option.title,
              total: cents(option.totalCents),
            })}
          </p>
          {deposit > 0 && (
            <p className="estimate-page__deposit">{t(messages.depositDue, { amount: cents(deposit) })}</p>
          )}
          <button type="submit" className="btn btn-primary estimate-page__submit" disabled={busy || !name.trim()}>
            {busy
              ? t(messages.sending)
              : deposit > 0
                ? t(messages.approvePay, { amount: cents(deposit) })
                : t(messages.approveButton, { title: option.title, total: cents(option.totalCents) })}
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
          aria-label={t(messages.declineForm)}
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => declineEstimate(token, reason.trim()));
          }}
        >
          <h2>{t(messages.declineTitle)}</h2>
          <TextField
            id="estimate-reason"
            label={t(messages.reason)}
            rows={3}
            maxLength={MAX_DECLINE_REASON}
            value={reason}
            onChange={setReason}
            hint={t(messages.reasonHint)}
          />
          <div className="estimate-page__row">
            <button type="button" className="btn btn-outline" onClick={() => setDeclining(false)} disabled={busy}>
              {t(messages.back)}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t(messages.sending) : t(messages.declineButton)}
            </button>
          </div>
        </form>
      ) : (
        <p className="estimate-page__decline">
          {t(messages.notWanted)}{" "}
          <button type="button" className="estimate-page__link" onClick={() => setDeclining(true)}>
            {t(messages.declineTitle)}
          </button>
        </p>
      )}
    </>
  );
}
