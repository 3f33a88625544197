import { formatMoney } from "@contracts/common/money.ts";
import { centsToDollars } from "@contracts/money/amounts.ts";

/** Integer cents in the one money format ("$1,249.00"). */
export const cents = (amount: number) => formatMoney(centsToDollars(amount));
