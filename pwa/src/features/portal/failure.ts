import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";
import type { Translator } from "../../lib/i18n/I18nProvider.tsx";
import { failureText } from "../../lib/http.ts";

export const failureMessages = defineMessages({
  noConnection: { id: "public.portal.noConnection", defaultMessage: "Could not reach the server. Please try again." },
});

/**
 * What went wrong, in the page's language: the server's own refusal, else no connection (NO_CONNECTION_TEXT in
 * English), else `otherwise`.
 */
export const failureIn = (t: Translator["t"], error: unknown, otherwise: MessageDescriptor) =>
  failureText(error, { network: t(failureMessages.noConnection), otherwise: t(otherwise) });
