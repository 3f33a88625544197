import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import type { RatingLinkView, RatingSaved } from "@contracts/portal/portal.ts";
import { failureText } from "../../lib/http.ts";
import { useProfile } from "../../lib/profile.tsx";
import { fetchRatingLink, rateByLink } from "./api.ts";
import { dayText } from "./format.ts";
import { PortalFrame } from "./PortalFrame.tsx";
import { RatingThanks, StarPicker } from "./StarPicker.tsx";

type State =
  | { kind: "loading" }
  | { kind: "ready"; view: RatingLinkView }
  | { kind: "done"; saved: RatingSaved }
  | { kind: "problem"; text: string };

/**
 * /portal/rate/{token}?stars=N: the rating link of the "How did we do?" e-mail, no sign-in. Opening it records
 * nothing (mail scanners open links): the star tapped in the e-mail is chosen, and one tap on Send records it.
 */
export default function RatePage() {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const profile = useProfile();
  const tapped = Number(search.get("stars"));
  const initial = Number.isInteger(tapped) && tapped >= 1 && tapped <= 5 ? tapped : null;
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    fetchRatingLink(token).then(
      (view) => setState({ kind: "ready", view }),
      (error: unknown) =>
        setState({ kind: "problem", text: failureText(error, { otherwise: "That link did not open." }) }),
    );
  }, [token]);

  const send = async (stars: number, comment: string) => {
    setBusy(true);
    setProblem(null);
    try {
      setState({ kind: "done", saved: await rateByLink(token, stars, comment) });
    } catch (error) {
      setProblem(failureText(error, { otherwise: "Your rating was not sent. Please try again." }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PortalFrame title="How Did We Do?">
      <div className="card portal-card">
        {state.kind === "loading" && <p role="status">Loading…</p>}
        {state.kind === "problem" && <p role="alert">{state.text}</p>}
        {state.kind === "ready" && (
          <>
            <p className="portal-lead">
              Your {state.view.serviceTitle} on {dayText(state.view.cleaningDate)}
              {state.view.technicianFirstName ? ` with ${state.view.technicianFirstName}` : ""}
            </p>
            {state.view.rating ? (
              <p role="status">You rated this visit {state.view.rating.stars} of 5. Thank you!</p>
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
