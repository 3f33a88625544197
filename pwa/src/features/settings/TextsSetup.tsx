import { TEXTS_NOT_SET_UP, type TextsSetup as Setup } from "@contracts/texts/texts.ts";
import { Panel } from "../../components/Panel.tsx";
import { request } from "../../lib/http.ts";
import { useLoad } from "../../lib/useLoad.ts";

const fetchTextsSetup = () => request<Setup>("/api/settings/texts", { auth: true });

/**
 * Whether the site can text customers: the Twilio credentials live in the server's environment, not in these
 * settings, so this only says where things stand. Nothing while it is read or when it cannot be.
 */
export function TextsSetup() {
  const setup = useLoad(fetchTextsSetup);
  if (setup.state !== "ready") return null;
  return (
    <Panel id="texts-setup" title="Text messages" className="adm-settings__texts">
      {setup.data.configured ? (
        <p>
          Customers who agreed to texts get their confirmation, reminder, on-my-way, report, estimate, invoice and
          receipt by text as well as by e-mail; no text leaves between 9 PM and 8 AM.
        </p>
      ) : (
        <>
          <p role="status">
            <strong>{TEXTS_NOT_SET_UP}</strong>
          </p>
          <p>
            Nothing is texted until the server is given its Twilio account (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
            TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID); e-mails go out as before.
          </p>
        </>
      )}
    </Panel>
  );
}
