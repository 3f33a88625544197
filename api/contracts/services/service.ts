import type { ChecklistItem } from "../visit/checklists.ts";

export interface ServicePackage {
  name: string;
  price: number;
  features: string[];
  isPopular: boolean;
  /** Its name in Spanish, shown to Spanish-speaking visitors; the `?package=` link is always made of `name`. */
  nameEs?: string;
  /** Its features in Spanish; left out when the office wrote none. */
  featuresEs?: string[];
}

export interface Service {
  _id: string;
  title: string;
  /** The title in Spanish, for Spanish-speaking customers' messages; left out when the office wrote none. */
  titleEs?: string;
  description: string;
  /** The description in Spanish, for Spanish-speaking visitors; left out when the office wrote none. */
  descriptionEs?: string;
  image: string;
  benefits: string[];
  /** The benefits in Spanish, for Spanish-speaking visitors; left out when the office wrote none. */
  benefitsEs?: string[];
  process: string[];
  /** The process steps in Spanish; left out when the office wrote none. */
  processEs?: string[];
  duration: string;
  /** The duration in Spanish ("2 a 4 horas"); left out when the office wrote none. */
  durationEs?: string;
  price: number;
  coverage: string;
  /** The coverage in Spanish; left out when the office wrote none. */
  coverageEs?: string;
  packages: ServicePackage[];
  /** What a technician ticks on a job of this service. */
  checklist: ChecklistItem[];
  updatedAt: string;
}
