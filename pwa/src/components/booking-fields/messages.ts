import { defineMessages, type MessageDescriptor, type MessageValues } from "@contracts/i18n/messages.ts";

/** The booking form's shared fields (also the office's booking screens, which show them in English). */
export const fieldMessages = defineMessages({
  service: { id: "public.fields.service", defaultMessage: "Service Type" },
  pickService: { id: "public.fields.pickService", defaultMessage: "Select a service" },
  units: { id: "public.fields.units", defaultMessage: "Number of Units" },
  unit: { id: "public.fields.unit", defaultMessage: "{count} unit" },
  unitsOf: { id: "public.fields.unitsOf", defaultMessage: "{count} units" },
  unitType: { id: "public.fields.unitType", defaultMessage: "Furnace or Unit Type" },
  unitTypeNone: { id: "public.fields.unitTypeNone", defaultMessage: "N/A" },
  unitTypeFurnace: { id: "public.fields.unitTypeFurnace", defaultMessage: "Furnace" },
  unitTypeAirHandler: { id: "public.fields.unitTypeAirHandler", defaultMessage: "Air Handler" },
  unitTypeHeatPump: { id: "public.fields.unitTypeHeatPump", defaultMessage: "Heat Pump" },
  unitTypeCentralAc: { id: "public.fields.unitTypeCentralAc", defaultMessage: "Central AC" },
  unitTypeBoiler: { id: "public.fields.unitTypeBoiler", defaultMessage: "Boiler" },
  unitTypeOther: { id: "public.fields.unitTypeOther", defaultMessage: "Other" },
  state: { id: "public.fields.state", defaultMessage: "State" },
  pickState: { id: "public.fields.pickState", defaultMessage: "Select a state" },
  date: { id: "public.fields.date", defaultMessage: "Preferred Date" },
  dateFormat: { id: "public.fields.dateFormat", defaultMessage: "Format MM/DD/YYYY" },
  clearDate: { id: "public.fields.clearDate", defaultMessage: "Clear date" },
  openCalendar: { id: "public.fields.openCalendar", defaultMessage: "Open calendar" },
  time: { id: "public.fields.time", defaultMessage: "Preferred Time" },
  pickTime: { id: "public.fields.pickTime", defaultMessage: "Select a time" },
  full: { id: "public.fields.full", defaultMessage: "{time} (full)" },
  otherDate: { id: "public.fields.otherDate", defaultMessage: "Choose another date to see open times." },
  checking: { id: "public.fields.checking", defaultMessage: "Checking open times…" },
  noDate: { id: "public.fields.noDate", defaultMessage: "Choose a date to see open times." },
  estimate: { id: "public.fields.estimate", defaultMessage: "Price Estimate" },
  noService: { id: "public.fields.noService", defaultMessage: "Choose a service to see your price." },
  original: { id: "public.fields.original", defaultMessage: "Original Price" },
  discount: { id: "public.fields.discount", defaultMessage: "Discount ({percent}%)" },
  total: { id: "public.fields.total", defaultMessage: "Total" },
  save: { id: "public.fields.save", defaultMessage: "Save {percent}% when you book {units} or more units." },
});

/** "1 unit", "3 units": two plain messages, so English needs no plural rules (no ICU runtime on the first load). */
export const unitsText = (t: (m: MessageDescriptor, v?: MessageValues) => string, count: number) =>
  t(count === 1 ? fieldMessages.unit : fieldMessages.unitsOf, { count });
