import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { openSession } from "./api.ts";
import { AskLink } from "./AskLink.tsx";
import { PortalFrame } from "./PortalFrame.tsx";
import { savePortalSession } from "./session.ts";
import { failureIn } from "./failure.ts";

const m = defineMessages({
  title: { id: "public.portal.signIn.title", defaultMessage: "Signing You In" },
  insecure: {
    id: "public.portal.signIn.insecure",
    defaultMessage: "Signing in needs a secure connection. Open the link from your e-mail as it is (https://).",
  },
  failed: { id: "public.portal.signIn.failed", defaultMessage: "That sign-in link did not work." },
  askAgain: { id: "public.portal.signIn.askAgain", defaultMessage: "Ask for a new link:" },
  signingIn: { id: "public.portal.signIn.signingIn", defaultMessage: "Signing you in…" },
});

// One exchange per link, however often the page renders (a link works once: a second call would be refused).
const exchanges = new Map<string, ReturnType<typeof openSession>>();

/** /portal/sign-in/{token}: the e-mailed link trades its token for a session on this device, then shows the page. */
export default function SignInLinkPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslator();
  // The session's cookie is Secure: a browser keeps it only from https (or this computer's own address). Elsewhere
  // the link is not used up for a session the browser would drop.
  const [problem, setProblem] = useState<{ error: unknown } | null>(() =>
    window.isSecureContext ? null : { error: null },
  );
  useEffect(() => {
    if (!window.isSecureContext) return;
    let exchange = exchanges.get(token);
    if (!exchange) exchanges.set(token, (exchange = openSession(token)));
    let cancelled = false;
    exchange.then(
      (session) => {
        savePortalSession(session);
        if (!cancelled) navigate("/portal", { replace: true });
      },
      (error: unknown) => {
        if (!cancelled) setProblem({ error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);
  return (
    <PortalFrame title={t(m.title)}>
      <div className="card portal-card">
        {problem ? (
          <>
            <p role="alert" className="banner banner-error">
              {problem.error === null ? t(m.insecure) : failureIn(t, problem.error, m.failed)}
            </p>
            <AskLink lead={t(m.askAgain)} />
          </>
        ) : (
          <p role="status" className="portal-muted">
            {t(m.signingIn)}
          </p>
        )}
      </div>
    </PortalFrame>
  );
}
