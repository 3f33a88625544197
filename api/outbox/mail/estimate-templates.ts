import { formatMoney } from "../../contracts/common/money.ts";
import { centsToDollars } from "../../contracts/money/amounts.ts";
import { approvedOption } from "../../contracts/estimates/rules.ts";
import type { EstimateMail } from "../orders.ts";
import { businessInbox, type MailContext, oneLine, type RenderedMail, renderBody, type Rows } from "./templates.ts";

const money = (cents: number) => formatMoney(centsToDollars(cents));

const until = (iso: string, ctx: Pick<MailContext, "profile">) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: ctx.profile.timeZone }).format(new Date(iso));

/** The customer's link to their estimate: each option's total, and where to approve or decline. */
export function estimateSent({ estimate, customer, url }: EstimateMail, ctx: MailContext): RenderedMail {
  const rows: Rows = estimate.options.map((o) => [o.title, money(o.totalCents)]);
  const body = renderBody(
    `Hello ${oneLine(customer.firstName)},`,
    {
      paragraphs: [
        `Here is estimate ${estimate.number} from ${ctx.profile.name}` +
          (estimate.options.length > 1 ? `, with ${estimate.options.length} options to choose from.` : "."),
        ...(estimate.message ? [estimate.message] : []),
      ],
      rows,
      link: { label: "View, approve or decline your estimate", url },
      after: [
        `The estimate is valid until ${until(estimate.expiresAt, ctx)}.`,
        `Questions? Call us at ${ctx.profile.phone}.`,
      ],
    },
    ctx.profile,
  );
  return {
    kind: "estimate-sent",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(`Your estimate ${estimate.number} from ${ctx.profile.name}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
  };
}

/** The customer's copy of what they approved, with the estimate's PDF attached. */
export function estimateApproved(
  { estimate, customer, url }: EstimateMail,
  pdf: string,
  ctx: MailContext,
): RenderedMail {
  const option = approvedOption(estimate);
  const rows: Rows = option
    ? [
        ["Approved option", option.title],
        ...option.lines.map((l): [string, string] => [`${l.quantity} × ${l.description}`, money(l.amountCents)]),
        ["Subtotal", money(option.subtotalCents)],
        [estimate.taxLabel, money(option.taxCents)],
        ["Total", money(option.totalCents)],
        ...(estimate.depositCents > 0 ? [["Deposit due", money(estimate.depositCents)] as [string, string]] : []),
      ]
    : [];
  const signedBy = estimate.approval?.signedBy ?? customer.name;
  const body = renderBody(
    `Hello ${oneLine(customer.firstName)},`,
    {
      paragraphs: [`Thank you: ${oneLine(signedBy)} approved estimate ${estimate.number}. Here is your copy.`],
      rows,
      link: { label: "View your estimate", url },
      after: ["The estimate is attached as a PDF.", `Questions? Call us at ${ctx.profile.phone}.`],
    },
    ctx.profile,
  );
  return {
    kind: "estimate-approved",
    to: { name: oneLine(customer.name), address: customer.email },
    subject: oneLine(`Approved: estimate ${estimate.number} from ${ctx.profile.name}`),
    ...body,
    replyTo: businessInbox(ctx.profile),
    files: [{ filename: `estimate-${estimate.number}.pdf`, contentType: "application/pdf", base64: pdf }],
  };
}
