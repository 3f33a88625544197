export type GalleryCategory = "residential" | "commercial" | "dryer" | "hvac";

export interface GalleryItem {
  id: number;
  category: GalleryCategory;
  image: string;
  title: string;
  description: string;
}

export const GALLERY_CATEGORIES: { value: GalleryCategory | "all"; label: string }[] = [
  { value: "all", label: "All" },
  { value: "residential", label: "Residential" },
  { value: "commercial", label: "Commercial" },
  { value: "dryer", label: "Dryer Vents" },
  { value: "hvac", label: "HVAC" },
];

/** The nine fixed items of SPEC §3 (the images are our own illustrations). */
export const GALLERY_ITEMS: GalleryItem[] = [
  {
    id: 1,
    category: "residential",
    image: "/images/gallery/living-room-vents.svg",
    title: "Living Room Supply Vent",
    description: "Years of dust and pet hair removed from a supply register in a Myers Park home.",
  },
  {
    id: 2,
    category: "residential",
    image: "/images/gallery/whole-home-ducts.svg",
    title: "Whole-Home Duct Cleaning",
    description: "Every supply and return line cleaned under negative pressure in a two-story house.",
  },
  {
    id: 3,
    category: "residential",
    image: "/images/gallery/basement-return.svg",
    title: "Basement Return Duct",
    description: "Construction debris pulled out of a return trunk line after a basement renovation.",
  },
  {
    id: 4,
    category: "commercial",
    image: "/images/gallery/office-ducts.svg",
    title: "Office Building Ductwork",
    description: "Overnight cleaning of open-ceiling ducts so the office opened on time the next morning.",
  },
  {
    id: 5,
    category: "commercial",
    image: "/images/gallery/restaurant-hood.svg",
    title: "Restaurant Exhaust Hood",
    description: "Grease and lint cleared from a commercial kitchen's exhaust hood and duct.",
  },
  {
    id: 6,
    category: "dryer",
    image: "/images/gallery/dryer-lint.svg",
    title: "Dryer Vent Lint Removal",
    description: "A fully clogged dryer line cleared, cutting drying time in half and removing a fire risk.",
  },
  {
    id: 7,
    category: "dryer",
    image: "/images/gallery/exterior-dryer-vent.svg",
    title: "Exterior Dryer Vent",
    description: "Outside vent cover cleaned and its damper freed so moist air leaves the house.",
  },
  {
    id: 8,
    category: "hvac",
    image: "/images/gallery/furnace-blower.svg",
    title: "Furnace Blower Cleaning",
    description: "Blower wheel and compartment cleaned to restore airflow and quiet the furnace.",
  },
  {
    id: 9,
    category: "hvac",
    image: "/images/gallery/ac-coils.svg",
    title: "Outdoor AC Coil Cleaning",
    description: "Condenser coils washed and fins straightened for better cooling in the summer heat.",
  },
];
