import { useCallback, useState } from "react";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { AskLink } from "./AskLink.tsx";
import { PortalFrame } from "./PortalFrame.tsx";
import { PortalHome } from "./PortalHome.tsx";
import { usePortalSession } from "./usePortalData.ts";

const messages = defineMessages({
  title: { id: "public.portal.title", defaultMessage: "Your Visits" },
});

/** /portal: the customer's own page when signed in on this device, else the request for a sign-in link. */
export default function PortalPage() {
  const signedIn = usePortalSession();
  const [session, setSession] = useState(signedIn);
  const signedOut = useCallback(() => setSession(null), []);
  const { t } = useTranslator();
  return (
    <PortalFrame title={t(messages.title)}>
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
