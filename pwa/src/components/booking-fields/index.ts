export { DateField, type DateFieldProps } from "./DateField.tsx";
export { Field, describedBy, TextField } from "../form/Field.tsx";
export { PriceCard } from "./PriceCard.tsx";
export { SelectField, type SelectOption } from "../form/SelectField.tsx";
export { ServiceSelect } from "./ServiceSelect.tsx";
export { StateSelect } from "./StateSelect.tsx";
export { TimeSlotSelect } from "./TimeSlotSelect.tsx";
export { UnitSelect } from "./UnitSelect.tsx";
export { UNIT_TYPES, UnitTypeSelect } from "./UnitTypeSelect.tsx";
