import { useState, type FormEvent } from "react";
import { TextField } from "../../components/form/Field.tsx";

const WORDS = ["Poor", "Fair", "Good", "Very good", "Excellent"];

/** Five stars (one preselected from the e-mail's tap), an optional comment, and one button that sends them. */
export function StarPicker(props: {
  initial: number | null;
  busy: boolean;
  onSend: (stars: number, comment: string) => void;
}) {
  const [stars, setStars] = useState<number | null>(props.initial);
  const [comment, setComment] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars) props.onSend(stars, comment.trim());
  };
  return (
    <form className="portal-rate" onSubmit={submit}>
      <fieldset className="portal-stars">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`portal-star${stars !== null && n <= stars ? " portal-star--on" : ""}`}>
            <input
              type="radio"
              name="stars"
              value={n}
              checked={stars === n}
              onChange={() => setStars(n)}
              aria-label={`${n} star${n === 1 ? "" : "s"}: ${WORDS[n - 1]}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <p className="portal-muted" aria-live="polite">
        {stars ? `${stars} of 5: ${WORDS[stars - 1]}` : "Tap a star."}
      </p>
      <TextField label="Anything to add? (optional)" rows={3} maxLength={2000} value={comment} onChange={setComment} />
      <button type="submit" className="btn btn-primary portal-wide" disabled={!stars || props.busy}>
        {props.busy ? "Sending…" : "Send my rating"}
      </button>
    </form>
  );
}

/** After the rating: thanks, and with 4 or 5 stars the business's public review page when it has one. */
export function RatingThanks({ stars, reviewUrl, name }: { stars: number; reviewUrl?: string; name: string }) {
  return (
    <div role="status" className="portal-thanks">
      <p className="portal-lead">Thank you!</p>
      <p>
        {stars >= 4
          ? `We are glad the visit went well. Your ${stars} stars go straight to the team.`
          : "Thank you for telling us. Someone from our office will read it and may call you to make it right."}
      </p>
      {reviewUrl && (
        <>
          <p>Would you share it with your neighbors? It takes a minute and helps a local business.</p>
          <a className="btn btn-accent" href={reviewUrl} target="_blank" rel="noopener noreferrer">
            Review {name}
          </a>
        </>
      )}
    </div>
  );
}
