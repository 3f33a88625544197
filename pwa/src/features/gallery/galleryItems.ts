import { defineMessages, type MessageDescriptor } from "@contracts/i18n/messages.ts";

export type GalleryCategory = "residential" | "commercial" | "dryer" | "hvac";

export interface GalleryItem {
  id: number;
  category: GalleryCategory;
  image: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
}

const words = defineMessages({
  all: { id: "public.gallery.all", defaultMessage: "All" },
  residential: { id: "public.gallery.residential", defaultMessage: "Residential" },
  commercial: { id: "public.gallery.commercial", defaultMessage: "Commercial" },
  dryer: { id: "public.gallery.dryer", defaultMessage: "Dryer Vents" },
  hvac: { id: "public.gallery.hvac", defaultMessage: "HVAC" },
  item1: { id: "public.gallery.item1", defaultMessage: "Living Room Supply Vent" },
  item1Text: {
    id: "public.gallery.item1Text",
    defaultMessage: "Years of dust and pet hair removed from a supply register in a Myers Park home.",
  },
  item2: { id: "public.gallery.item2", defaultMessage: "Whole-Home Duct Cleaning" },
  item2Text: {
    id: "public.gallery.item2Text",
    defaultMessage: "Every supply and return line cleaned under negative pressure in a two-story house.",
  },
  item3: { id: "public.gallery.item3", defaultMessage: "Basement Return Duct" },
  item3Text: {
    id: "public.gallery.item3Text",
    defaultMessage: "Construction debris pulled out of a return trunk line after a basement renovation.",
  },
  item4: { id: "public.gallery.item4", defaultMessage: "Office Building Ductwork" },
  item4Text: {
    id: "public.gallery.item4Text",
    defaultMessage: "Overnight cleaning of open-ceiling ducts so the office opened on time the next morning.",
  },
  item5: { id: "public.gallery.item5", defaultMessage: "Restaurant Exhaust Hood" },
  item5Text: {
    id: "public.gallery.item5Text",
    defaultMessage: "Grease and lint cleared from a commercial kitchen's exhaust hood and duct.",
  },
  item6: { id: "public.gallery.item6", defaultMessage: "Dryer Vent Lint Removal" },
  item6Text: {
    id: "public.gallery.item6Text",
    defaultMessage: "A fully clogged dryer line cleared, cutting drying time in half and removing a fire risk.",
  },
  item7: { id: "public.gallery.item7", defaultMessage: "Exterior Dryer Vent" },
  item7Text: {
    id: "public.gallery.item7Text",
    defaultMessage: "Outside vent cover cleaned and its damper freed so moist air leaves the house.",
  },
  item8: { id: "public.gallery.item8", defaultMessage: "Furnace Blower Cleaning" },
  item8Text: {
    id: "public.gallery.item8Text",
    defaultMessage: "Blower wheel and compartment cleaned to restore airflow and quiet the furnace.",
  },
  item9: { id: "public.gallery.item9", defaultMessage: "Outdoor AC Coil Cleaning" },
  item9Text: {
    id: "public.gallery.item9Text",
    defaultMessage: "Condenser coils washed and fins straightened for better cooling in the summer heat.",
  },
});

export const GALLERY_CATEGORIES: { value: GalleryCategory | "all"; label: MessageDescriptor }[] = [
  { value: "all", label: words.all },
  { value: "residential", label: words.residential },
  { value: "commercial", label: words.commercial },
  { value: "dryer", label: words.dryer },
  { value: "hvac", label: words.hvac },
];

/** The nine fixed items of SPEC §3 (the images are our own illustrations); their words are messages (public area). */
export const GALLERY_ITEMS: GalleryItem[] = [
  {
    id: 1,
    category: "residential",
    image: "/images/gallery/living-room-vents.svg",
    title: words.item1,
    description: words.item1Text,
  },
  {
    id: 2,
    category: "residential",
    image: "/images/gallery/whole-home-ducts.svg",
    title: words.item2,
    description: words.item2Text,
  },
  {
    id: 3,
    category: "residential",
    image: "/images/gallery/basement-return.svg",
    title: words.item3,
    description: words.item3Text,
  },
  {
    id: 4,
    category: "commercial",
    image: "/images/gallery/office-ducts.svg",
    title: words.item4,
    description: words.item4Text,
  },
  {
    id: 5,
    category: "commercial",
    image: "/images/gallery/restaurant-hood.svg",
    title: words.item5,
    description: words.item5Text,
  },
  {
    id: 6,
    category: "dryer",
    image: "/images/gallery/dryer-lint.svg",
    title: words.item6,
    description: words.item6Text,
  },
  {
    id: 7,
    category: "dryer",
    image: "/images/gallery/exterior-dryer-vent.svg",
    title: words.item7,
    description: words.item7Text,
  },
  {
    id: 8,
    category: "hvac",
    image: "/images/gallery/furnace-blower.svg",
    title: words.item8,
    description: words.item8Text,
  },
  {
    id: 9,
    category: "hvac",
    image: "/images/gallery/ac-coils.svg",
    title: words.item9,
    description: words.item9Text,
  },
];
