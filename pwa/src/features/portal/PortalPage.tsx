import { useCallback, useState } from "react";
import { AskLink } from "./AskLink.tsx";
import { PortalFrame } from "./PortalFrame.tsx";
import { PortalHome } from "./PortalHome.tsx";
import { portalSession } from "./session.ts";

/** /portal: the customer's own page when signed in on this device, else the request for a sign-in link. */
export default function PortalPage() {
  const [session, setSession] = useState(() => portalSession());
  const signedOut = useCallback(() => setSession(null), []);
  return (
    <PortalFrame title="Your Visits">
      {session ? (
        <PortalHome session={session} onSignedOut={signedOut} />
      ) : (
        <div className="card portal-card">
          <AskLink />
        </div>
      )}
    </PortalFrame>
  );
}
