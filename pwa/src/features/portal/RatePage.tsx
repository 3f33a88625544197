import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import type { RatingLinkView, RatingSaved } from "@contracts/portal/portal.ts";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { showCustomerLocale } from "../../lib/i18n/locale.ts";
import { useProfile } from "../../lib/profile.tsx";
import { fetchRatingLink, rateByLink } from "./api.ts";
import { dayText } from "./format.ts";
import { PortalFrame } from "./PortalFrame.tsx";
import { RatingThanks, StarPicker } from "./StarPicker.tsx";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  title: { id: "public.portal.rate.title", defaultMessage: "How Did We Do?" },
  notOpened: { id: "public.portal.rate.notOpened", defaultMessage: "That link did not open." },
  notSent: { id: "public.portal.rate.notSent", defaultMessage: "Your rating was not sent. Please try again." },
  loading: { id: "public.portal.rate.loading", defaultMessage: "Loading…" },
  visit: { id: "public.portal.rate.visit", defaultMessage: "Your {service} on {day}" },
  visitWith: { id: "public.portal.rate.visitWith", defaultMessage: "Your {service} on {day} with {name}" },
  rated: { id: "public.portal.rate.rated", defaultMessage: "You rated this visit {stars} of 5. Thank you!" },
});

type State =
  | { kind: "loading" }
  | { kind: "ready"; view: RatingLinkView }
  | { kind: "done"; saved: RatingSaved }
  | { kind: "problem"; error: unknown };

/**
 * /portal/rate/{token}?stars=N: the rating link of the "How did we do?" e-mail, no sign-in. Opening it records
 * nothing (mail scanners open links): the star tapped in the e-mail is chosen, and one tap on Send records it.
 */
export default function RatePage() {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const profile = useProfile();
  const words = useTranslator();
  const { t } = words;
  const tapped = Number(search.get("stars"));
  const initial = Number.isInteger(tapped) && tapped >= 1 && tapped <= 5 ? tapped : null;
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    fetchRatingLink(token).then(
      (view) => {
        // The page in the customer's language, as their e-mail was (the device's own choice first).
        showCustomerLocale(view.locale);
        setState({ kind: "ready", view });
      },
      (error: unknown) => setState({ kind: "problem", error }),
    );
  }, [token]);

  const send = async (stars: number, comment: string) => {
    setBusy(true);
    setProblem(null);
    try {
      setState({ kind: "done", saved: await rateByLink(token, stars, comment) });
    } catch (error) {
      setProblem(failureIn(t, error, m.notSent));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalFrame title={t(m.title)}>
      <div className="card portal-card">
        {state.kind === "loading" && <p role="status">{t(m.loading)}</p>}
        {state.kind === "problem" && <p role="alert">{failureIn(t, state.error, m.notOpened)}</p>}
        {state.kind === "ready" && (
          <>
            <p className="portal-lead">
              {t(state.view.technicianFirstName ? m.visitWith : m.visit, {
                service: state.view.serviceTitle,
                day: dayText(state.view.cleaningDate, words),
                name: state.view.technicianFirstName ?? "",
              })}
            </p>
            {state.view.rating ? (
              <p role="status">{t(m.rated, { stars: state.view.rating.stars })}</p>
            ) : (
              <>
                <StarPicker initial={initial} busy={busy} onSend={send} />
                {problem && (
                  <p role="alert" className="banner banner-error">
                    {problem}
                  </p>
                )}
              </>
            )}
          </>
        )}
        {state.kind === "done" && (
          <RatingThanks stars={state.saved.stars} reviewUrl={state.saved.reviewUrl} name={profile.shortName} />
        )}
      </div>
    </PortalFrame>
  );
}
