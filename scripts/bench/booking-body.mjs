// Bookings for load: each on a bookable date (a week ahead on, never a Saturday), in a slot picked at random (seeded
// by n, so runs repeat) among the next 60 bookable days, as real customers pick: now and then two writers want the
// same slot at once and one waits on its lock, as in production. 780 slots at SLOT_CAPACITY 100 hold 78,000
// bookings, far more than a run makes (about 15 a slot at 1,000/s), so the API never refuses one.
const DAYS = 60;
const TIMES = Array.from({ length: 13 }, (_, i) => {
  const hour = 7 + i;
  return `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}`;
});

function bookableDates() {
  const dates = [];
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 7);
  while (dates.length < DAYS) {
    if (day.getUTCDay() !== 6) dates.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return dates;
}
const DATES = bookableDates();

/** A number in [0, 1) from n (mulberry32): the same booking always lands in the same slot. */
function random(n) {
  let t = (n + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The n-th booking's slot, uniformly at random over the bookable slots. */
export function slotOf(n) {
  const slot = Math.floor(random(n) * DATES.length * TIMES.length);
  return { date: DATES[Math.floor(slot / TIMES.length)], time: TIMES[slot % TIMES.length] };
}

export function bookingBody(n, tag = "load") {
  const { date, time } = slotOf(n);
  return {
    firstName: "Bench",
    lastName: `Runner${n}`,
    email: `${tag}-${n}@bench.example`,
    contactNumber: "(704) 555-0199",
    homeAddress: `${100 + (n % 900)} East Blvd`,
    city: "Charlotte",
    state: "NC",
    zip: "28203",
    furnaceOrUnit: "Furnace",
    serviceType: "air-duct-cleaning",
    unitCount: 1 + (n % 3),
    cleaningDate: date,
    cleaningTime: time,
    comment: "",
    estimatedPrice: 1,
    originalPrice: 1,
    discountAmount: 0,
    timeZone: "America/New_York",
  };
}
