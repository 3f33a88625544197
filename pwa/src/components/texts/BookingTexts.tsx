import { useCallback } from "react";
import { formatReceived } from "../../lib/format.ts";
import { formatPhone } from "../../lib/phone.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { fetchBookingTexts } from "./api.ts";
import { KIND_WORDS, statusText } from "./words.ts";

/**
 * The texts about one booking, beside its e-mails in its history: what each said, when, and its delivery state.
 */
export function BookingTexts({ bookingId }: { bookingId: string }) {
  const texts = useLoad(useCallback(() => fetchBookingTexts(bookingId), [bookingId]));
  // Oldest first, as the e-mails beside them.
  const rows = texts.state === "ready" ? texts.data : [];
  return (
    <section className="adm-history adm-mail" aria-labelledby={`texts-${bookingId}`}>
      <h3 id={`texts-${bookingId}`} className="adm-history__title">
        Texts
      </h3>
      {texts.state === "failed" ? (
        <p className="adm-history__empty">The texts could not be loaded.</p>
      ) : texts.state === "loading" ? (
        <p className="adm-history__empty">Loading texts...</p>
      ) : rows.length === 0 ? (
        <p className="adm-history__empty">No texts for this booking.</p>
      ) : (
        <ol className="adm-history__list">
          {rows.map((text) => (
            <li key={text._id} className="adm-mail__item">
              <p className="adm-history__head">
                <strong>
                  {text.direction === "inbound"
                    ? "Reply from the customer"
                    : text.kind
                      ? KIND_WORDS[text.kind]
                      : "Text"}
                </strong>{" "}
                {text.direction === "inbound" ? "from" : "to"} {formatPhone(text.phone)} ·{" "}
                <time dateTime={text.createdAt}>{formatReceived(text.createdAt)}</time>
              </p>
              <p className="adm-mail__subject">{text.body}</p>
              <span
                className={`adm-mail__status adm-mail__status--${
                  text.status === "failed" || text.status === "undelivered"
                    ? "failed"
                    : text.status === "delivered" || text.status === "received"
                      ? "sent"
                      : "pending"
                }`}
              >
                {statusText(text)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
