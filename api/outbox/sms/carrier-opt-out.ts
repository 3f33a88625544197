import type { AuditRepo } from "../../db/audit.ts";
import type { Tx } from "../../db/client.ts";
import type { TextsStore } from "./texts.ts";

/**
 * Twilio's 21610 (the number replied STOP to our number, at the carrier): the number is opted out for every customer
 * who has it, source "carrier", each change audited. Whether it came as the answer to a send or in a delivery report.
 */
export async function optOutByCarrier(
  tx: Tx,
  deps: { texts: TextsStore; audit: Pick<AuditRepo, "record"> },
  phone: string,
  at: Date,
) {
  for (const customerId of await deps.texts.setNumber(tx, phone, "opted-out", "carrier", at)) {
    await deps.audit.record(tx, {
      actor: { kind: "system", id: null, name: "Twilio", email: "" },
      entityType: "customer",
      entityId: customerId,
      action: "sms_consent",
      before: {},
      after: { phone, consent: "opted-out", source: "carrier" },
    });
  }
}
