import { isLocale, type Locale } from "../../contracts/i18n/locales.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { MembershipMail, OutboxOrder } from "../../outbox/orders.ts";

/** The member's language as their record holds it: English when it names none we write. */
export const memberLocale = (locale: string): Locale => (isLocale(locale) ? locale : "en");

/**
 * A membership's e-mail to its member, in their language, through the outbox: none when the customer has no e-mail
 * address.
 */
export function membershipOrder(
  member: { name: string; email: string | null; locale: string; planName: string },
  mail: Omit<MembershipMail, "customer" | "planName" | "locale">,
  profile: BusinessProfile,
): OutboxOrder[] {
  if (!member.email) return [];
  return [
    {
      kind: "membership",
      mail: {
        ...mail,
        customer: { name: member.name, email: member.email },
        planName: member.planName,
        locale: memberLocale(member.locale),
      },
      profile,
    },
  ];
}
