import { defineMessages } from "../../contracts/i18n/messages.ts";

/** The staff's own e-mails (an invitation, a sign-in from a new device), in the language of their account. */
export const STAFF_MAIL = defineMessages({
  greeting: { id: "staff.mail.greeting", defaultMessage: "Hello {name}," },
  invitedSubject: { id: "staff.mail.invited.subject", defaultMessage: "Your invitation to {business}" },
  invitedIntro: {
    id: "staff.mail.invited.intro",
    defaultMessage: "You have been invited to join {business}'s staff site. Choose a password to sign in.",
  },
  invitedUntil: {
    id: "staff.mail.invited.until",
    defaultMessage: "The link works once, until {until}.",
    description: "{until}: a date and time, November 28, 2026 at 9:30 PM",
  },
  invitedLink: { id: "staff.mail.invited.link", defaultMessage: "Choose your password" },
  invitedIgnore: {
    id: "staff.mail.invited.ignore",
    defaultMessage: "If you did not expect this invitation, you can ignore this e-mail.",
  },
  signInSubject: { id: "staff.mail.signIn.subject", defaultMessage: "New sign-in to your {business} account" },
  signInIntro: {
    id: "staff.mail.signIn.intro",
    defaultMessage: "Your {business} staff account was just signed in to from a device not seen before.",
  },
  rowDevice: { id: "staff.mail.signIn.row.device", defaultMessage: "Device" },
  rowAddress: { id: "staff.mail.signIn.row.address", defaultMessage: "Address" },
  rowWhen: { id: "staff.mail.signIn.row.when", defaultMessage: "When" },
  unknownAddress: { id: "staff.mail.signIn.unknownAddress", defaultMessage: "Unknown" },
  signInWasYou: { id: "staff.mail.signIn.wasYou", defaultMessage: "If this was you, there is nothing to do." },
  signInWasNotYou: {
    id: "staff.mail.signIn.wasNotYou",
    defaultMessage: "If it was not, open Devices in your account menu, sign that device out and change your password.",
  },
});
