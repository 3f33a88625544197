/** Each catalog area and its English catalog (areas.mjs). */
export declare const AREAS: Record<"public" | "field" | "office" | "customer", string>;
