import type { Booking } from "../../contracts/bookings/booking.ts";
import { changeDeadline, changeProblem, isVisitOver, type ManagedBooking } from "../../contracts/bookings/manage.ts";

/**
 * What the holder of a manage link may see of a booking: field by field, so that an id, the token or a field
 * added to Booking for the staff later never reaches the customer by accident.
 */
export function toManagedBooking(b: Booking, timeZone: string, now: Date): ManagedBooking {
  return {
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    contactNumber: b.contactNumber,
    homeAddress: b.homeAddress,
    city: b.city,
    state: b.state,
    zip: b.zip,
    serviceType: b.serviceType,
    unitCount: b.unitCount,
    cleaningDate: b.cleaningDate,
    cleaningTime: b.cleaningTime,
    originalPrice: b.originalPrice,
    discountAmount: b.discountAmount,
    estimatedPrice: b.estimatedPrice,
    status: b.status,
    changeable: changeProblem(b, timeZone, now) === null,
    changeDeadline: changeDeadline(b.cleaningDate, b.cleaningTime, timeZone).toISOString(),
    visitOver: isVisitOver(b, timeZone, now),
  };
}
