import type { Sql, Tx } from "../../../db/client.ts";
import { transaction } from "../../../db/transaction.ts";

export interface NewRating {
  bookingId: string;
  email: string;
  stars: number;
  comment: string;
  technicianId: string | null;
  technicianName: string | null;
}

export interface RatingsRepo {
  /**
   * Keeps the visit's one rating, and in the same transaction writes what follows it (`also`); the moment it was
   * kept, or null when the visit was rated already (the first rating stands).
   */
  save(rating: NewRating, also: (tx: Tx) => Promise<void>): Promise<Date | null>;
}

export function createRatingsRepo(sql: Sql): RatingsRepo {
  return {
    save: (r, also) =>
      transaction(sql, async (tx) => {
        const [row] = await tx<{ created_at: Date }[]>`
          insert into booking_ratings (booking_id, email, stars, comment, technician_id, technician_name)
          values (${r.bookingId}, lower(${r.email}), ${r.stars}, ${r.comment}, ${r.technicianId}, ${r.technicianName})
          on conflict (booking_id) do nothing
          returning created_at`;
        if (!row) return null;
        await also(tx);
        return row.created_at;
      }),
  };
}
