import type { ConversationRow } from "@contracts/texts/texts.ts";
import type { Column } from "../../components/DataTable.tsx";
import { formatReceived } from "../../lib/format.ts";
import { formatPhone } from "../../lib/phone.ts";
import { UnreadBadge } from "./UnreadBadge.tsx";

const EXCERPT = 90;
const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1).trimEnd()}…` : flat;
};

const CONSENT_WORDS: Record<ConversationRow["consent"], string> = {
  granted: "Texts allowed",
  none: "No consent",
  "opted-out": "Opted out",
};

/** The conversations' columns; the server orders them (newest activity first), so none sorts here. */
export const CONVERSATION_COLUMNS: Column<ConversationRow>[] = [
  {
    key: "customer",
    header: "Customer",
    cell: (c) => (
      <span>
        <span className="adm-table__strong">{c.customerName}</span>
        <span className="adm-table__sub">{formatPhone(c.phone)}</span>
      </span>
    ),
  },
  {
    key: "last",
    header: "Last text",
    cell: (c) => (
      <span className={c.unread > 0 ? "texts-row__last texts-row__last--unread" : "texts-row__last"}>
        {c.lastDirection === "outbound" ? "You: " : ""}
        {excerpt(c.lastBody)}
      </span>
    ),
  },
  {
    key: "when",
    header: "When",
    cell: (c) => <time dateTime={c.lastAt}>{formatReceived(c.lastAt)}</time>,
    className: "adm-table__nowrap",
  },
  {
    key: "unread",
    header: "Unread",
    cell: (c) => (c.unread > 0 ? <UnreadBadge count={c.unread} /> : <span className="adm-table__sub">—</span>),
  },
  { key: "consent", header: "Consent", cell: (c) => CONSENT_WORDS[c.consent] ?? c.consent },
];
