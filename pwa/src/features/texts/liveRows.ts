import type { ConversationRow, TextMessage } from "@contracts/texts/texts.ts";

/**
 * The conversations shown, after a text came in or went out: its customer's row takes the text and goes to the top
 * (the list is newest activity first), its unread count grows for the customer's own texts. `null` when the customer
 * has no row on screen: the caller says "new" instead of guessing the rest of the row. A delivery state's change
 * (a text already shown) changes nothing here.
 */
export function withLiveText(rows: ConversationRow[], text: TextMessage): ConversationRow[] | null {
  const row = rows.find((r) => r.customerId === text.customerId);
  if (!row) return null;
  if (Date.parse(text.createdAt) < Date.parse(row.lastAt)) return rows;
  if (text.createdAt === row.lastAt && text.body === row.lastBody) return rows;
  const next: ConversationRow = {
    ...row,
    lastBody: text.body,
    lastDirection: text.direction,
    lastAt: text.createdAt,
    unread: text.direction === "inbound" ? row.unread + 1 : row.unread,
  };
  return [next, ...rows.filter((r) => r !== row)];
}
