import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { failureText } from "../../lib/http.ts";
import { openSession } from "./api.ts";
import { AskLink } from "./AskLink.tsx";
import { PortalFrame } from "./PortalFrame.tsx";
import { savePortalSession } from "./session.ts";

const INSECURE = "Signing in needs a secure connection. Open the link from your e-mail as it is (https://).";

// One exchange per link, however often the page renders (a link works once: a second call would be refused).
const exchanges = new Map<string, ReturnType<typeof openSession>>();

/** /portal/sign-in/{token}: the e-mailed link trades its token for a session on this device, then shows the page. */
export default function SignInLinkPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  // The session's cookie is Secure: a browser keeps it only from https (or this computer's own address). Elsewhere
  // the link is not used up for a session the browser would drop.
  const [problem, setProblem] = useState<string | null>(() => (window.isSecureContext ? null : INSECURE));
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
        if (!cancelled) setProblem(failureText(error, { otherwise: "That sign-in link did not work." }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, navigate]);
  return (
    <PortalFrame title="Signing You In">
      <div className="card portal-card">
        {problem ? (
          <>
            <p role="alert" className="banner banner-error">
              {problem}
            </p>
            <AskLink lead="Ask for a new link:" />
          </>
        ) : (
          <p role="status" className="portal-muted">
            Signing you in…
          </p>
        )}
      </div>
    </PortalFrame>
  );
}
