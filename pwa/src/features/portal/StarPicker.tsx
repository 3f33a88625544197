import { useState, type FormEvent } from "react";
import { TextField } from "../../components/form/Field.tsx";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { useTranslator } from "../../lib/i18n/I18nProvider.tsx";

const m = defineMessages({
  poor: { id: "public.portal.stars.poor", defaultMessage: "Poor" },
  fair: { id: "public.portal.stars.fair", defaultMessage: "Fair" },
  good: { id: "public.portal.stars.good", defaultMessage: "Good" },
  veryGood: { id: "public.portal.stars.veryGood", defaultMessage: "Very good" },
  excellent: { id: "public.portal.stars.excellent", defaultMessage: "Excellent" },
  legend: { id: "public.portal.stars.legend", defaultMessage: "Your rating" },
  oneStar: { id: "public.portal.stars.oneStar", defaultMessage: "1 star: {word}" },
  stars: { id: "public.portal.stars.stars", defaultMessage: "{count} stars: {word}" },
  chosen: { id: "public.portal.stars.chosen", defaultMessage: "{stars} of 5: {word}" },
  tap: { id: "public.portal.stars.tap", defaultMessage: "Tap a star." },
  comment: { id: "public.portal.stars.comment", defaultMessage: "Anything to add? (optional)" },
  sending: { id: "public.portal.stars.sending", defaultMessage: "Sending…" },
  send: { id: "public.portal.stars.send", defaultMessage: "Send my rating" },
  thanks: { id: "public.portal.stars.thanks", defaultMessage: "Thank you!" },
  glad: {
    id: "public.portal.stars.glad",
    defaultMessage: "We are glad the visit went well. Your {stars} stars go straight to the team.",
  },
  sorry: {
    id: "public.portal.stars.sorry",
    defaultMessage: "Thank you for telling us. Someone from our office will read it and may call you to make it right.",
  },
  share: {
    id: "public.portal.stars.share",
    defaultMessage: "Would you share it with your neighbors? It takes a minute and helps a local business.",
  },
  review: { id: "public.portal.stars.review", defaultMessage: "Review {name}" },
});

const WORDS = [m.poor, m.fair, m.good, m.veryGood, m.excellent];

/** Five stars (one preselected from the e-mail's tap), an optional comment, and one button that sends them. */
export function StarPicker(props: {
  initial: number | null;
  busy: boolean;
  onSend: (stars: number, comment: string) => void;
}) {
  const { t } = useTranslator();
  const [stars, setStars] = useState<number | null>(props.initial);
  const [comment, setComment] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars) props.onSend(stars, comment.trim());
  };
  return (
    <form className="portal-rate" onSubmit={submit}>
      <fieldset className="portal-stars">
        <legend>{t(m.legend)}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`portal-star${stars !== null && n <= stars ? " portal-star--on" : ""}`}>
            <input
              type="radio"
              name="stars"
              value={n}
              checked={stars === n}
              onChange={() => setStars(n)}
              aria-label={t(n === 1 ? m.oneStar : m.stars, { count: n, word: t(WORDS[n - 1]!) })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <p className="portal-muted" aria-live="polite">
        {stars ? t(m.chosen, { stars, word: t(WORDS[stars - 1]!) }) : t(m.tap)}
      </p>
      <TextField label={t(m.comment)} rows={3} maxLength={2000} value={comment} onChange={setComment} />
      <button type="submit" className="btn btn-primary portal-wide" disabled={!stars || props.busy}>
        {t(props.busy ? m.sending : m.send)}
      </button>
    </form>
  );
}

/** After the rating: thanks, and with 4 or 5 stars the business's public review page when it has one. */
export function RatingThanks({ stars, reviewUrl, name }: { stars: number; reviewUrl?: string; name: string }) {
  const { t } = useTranslator();
  return (
    <div role="status" className="portal-thanks">
      <p className="portal-lead">{t(m.thanks)}</p>
      <p>{stars >= 4 ? t(m.glad, { stars }) : t(m.sorry)}</p>
      {reviewUrl && (
        <>
          <p>{t(m.share)}</p>
          <a className="btn btn-accent" href={reviewUrl} target="_blank" rel="noopener noreferrer">
            {t(m.review, { name })}
          </a>
        </>
      )}
    </div>
  );
}
