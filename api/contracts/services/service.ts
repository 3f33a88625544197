import type { ChecklistItem } from "../visit/checklists.ts";

export interface ServicePackage {
  name: string;
  price: number;
  features: string[];
  isPopular: boolean;
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
  process: string[];
  duration: string;
  price: number;
  coverage: string;
  packages: ServicePackage[];
  /** What a technician ticks on a job of this service. */
  checklist: ChecklistItem[];
  updatedAt: string;
}
