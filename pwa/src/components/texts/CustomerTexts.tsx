import type { SmsConsent } from "@contracts/texts/texts.ts";
import { useCallback } from "react";
import { failureText } from "../../lib/http.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { Panel } from "../Panel.tsx";
import { fetchConsent } from "./api.ts";
import { ConsentBlock } from "./ConsentBlock.tsx";
import { Conversation } from "./Conversation.tsx";
import "./texts.css";

/** A customer's texts on the office's screens: their consent with its switch, and the conversation with its reply box. */
export function CustomerTexts({ customerId, title = "Texts" }: { customerId: string; title?: string }) {
  const consent = useLoad(
    useCallback(() => fetchConsent(customerId), [customerId]),
    { keepShown: true },
  );
  const shown = consent.state === "ready" ? consent.data : null;
  return (
    <Panel id={`texts-${customerId}`} title={title} className="texts-panel">
      {consent.state === "loading" && <p className="adm-empty">Loading consent to texts...</p>}
      {consent.state === "failed" && (
        <p className="adm-empty">
          {failureText(consent.error, { otherwise: "The consent to texts could not be loaded." })}
        </p>
      )}
      {shown && (
        <ConsentBlock
          customerId={customerId}
          consent={shown}
          onChanged={(next: SmsConsent) => consent.update(() => next)}
        />
      )}
      <Conversation customerId={customerId} consent={shown?.consent ?? null} onInbound={consent.refresh} />
    </Panel>
  );
}
