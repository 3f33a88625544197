import { BASE_PRICES, SERVICE_KEYS, SERVICE_NAMES, type ServiceKey } from "../contracts/services/catalog.ts";
import type { Service, ServicePackage } from "../contracts/services/service.ts";
import { DEFAULT_CHECKLISTS } from "./seed-checklists.ts";
import { DETAILS_ES } from "./seed-details-es.ts";

type SeedContent = Pick<Service, "description" | "benefits" | "process" | "duration" | "coverage"> & {
  packages: ServicePackage[];
};

const CONTENT: Record<ServiceKey, SeedContent> = {
  "air-duct-cleaning": {
    description:
      "We clean every supply and return duct in your home with rotary brushes and a truck-mounted vacuum that keeps the whole system under negative pressure. Dust, pet hair, pollen and construction debris are pulled out of the ductwork instead of being blown back into your rooms. You get before-and-after photos of the inside of your ducts.",
    benefits: [
      "Less dust settling on furniture between cleanings",
      "Fewer allergens and pet dander circulating through the house",
      "Better airflow to rooms far from the air handler",
      "Lower energy use when the blower no longer fights clogged ducts",
      "Removes musty odors trapped in the ductwork",
    ],
    process: [
      "Inspect the ducts with a camera and show you what we find",
      "Protect floors and furniture and seal every register",
      "Connect the negative pressure vacuum to the main trunk line",
      "Agitate each branch line with rotary brushes and air whips",
      "Clean and reinstall the registers and grilles",
      "Walk you through the before-and-after photos",
    ],
    duration: "2-4 hours",
    coverage: "Whole home, up to 15 vents",
    packages: [
      {
        name: "Basic",
        price: 199,
        features: ["Up to 10 vents", "Main trunk line cleaning", "Register cleaning", "Before-and-after photos"],
        isPopular: false,
      },
      {
        name: "Standard",
        price: 299,
        features: [
          "Up to 15 vents",
          "Supply and return lines",
          "Register cleaning and sanitizing",
          "Air filter replacement",
          "Before-and-after photos",
        ],
        isPopular: true,
      },
      {
        name: "Premium",
        price: 449,
        features: [
          "Unlimited vents",
          "Supply and return lines",
          "Antimicrobial duct treatment",
          "Blower compartment cleaning",
          "Air filter replacement",
        ],
        isPopular: false,
      },
    ],
  },
  "dryer-vent-cleaning": {
    description:
      "Lint that builds up in a dryer vent is one of the leading causes of house fires and makes every load take longer to dry. We clear the full vent run from the back of the dryer to the outside hood, including roof and long wall runs. We finish with an airflow reading so you can see the difference.",
    benefits: [
      "Cuts the fire risk from trapped lint",
      "Shorter drying times and lower energy bills",
      "Less wear on the dryer's heating element and motor",
      "Stops lint and moisture from backing up into the laundry room",
    ],
    process: [
      "Measure airflow at the exterior vent hood",
      "Disconnect the dryer and inspect the transition hose",
      "Brush and vacuum the full vent run from both ends",
      "Clear the exterior hood and check the damper flap",
      "Reconnect the dryer and measure airflow again",
    ],
    duration: "1-2 hours",
    coverage: "One dryer vent, up to 35 feet",
    packages: [
      {
        name: "Standard",
        price: 99,
        features: ["Vent run up to 15 feet", "Exterior hood cleaning", "Airflow test before and after"],
        isPopular: true,
      },
      {
        name: "Extended",
        price: 149,
        features: [
          "Vent run up to 35 feet",
          "Roof or second-floor exit",
          "Transition hose replacement",
          "Airflow test before and after",
        ],
        isPopular: false,
      },
    ],
  },
  "supply-vent-cleaning": {
    description:
      "Supply vents are the last stop before conditioned air reaches your rooms, and their registers and short branch lines collect a surprising amount of dust. We clean each supply branch and register so fresh air comes out clean. It is a good fit between full duct cleanings or after a renovation.",
    benefits: [
      "Clean air delivered straight into each room",
      "Removes visible dust and streaks around registers",
      "Improves airflow to weak or noisy vents",
      "A quick refresh between full-system cleanings",
    ],
    process: [
      "Check each supply register for dust and airflow",
      "Remove and wash the registers",
      "Brush and vacuum each supply branch line",
      "Reinstall the registers and confirm airflow in every room",
    ],
    duration: "1-3 hours",
    coverage: "Up to 12 supply vents",
    packages: [
      {
        name: "Essential",
        price: 149,
        features: ["Up to 8 supply vents", "Register washing", "Branch line vacuuming"],
        isPopular: false,
      },
      {
        name: "Complete",
        price: 229,
        features: ["Up to 12 supply vents", "Register washing", "Branch line brushing", "Airflow check per room"],
        isPopular: true,
      },
    ],
  },
  "negative-pressure-machine": {
    description:
      "Our negative pressure machine pulls up to 5,000 cubic feet of air per minute through your duct system while we agitate the debris loose. Because the whole system stays under suction, dislodged dust goes into the machine's filters and not into your home. It is the method the industry's cleaning standards recommend for a thorough source-removal cleaning.",
    benefits: [
      "The most thorough source-removal method available",
      "No dust escapes into living spaces during the work",
      "HEPA-filtered exhaust for homes with allergies or asthma",
      "Reaches long trunk lines other methods miss",
    ],
    process: [
      "Cut a sealed access port into the main trunk line",
      "Connect the negative pressure machine and seal all registers",
      "Drive debris toward the machine with air whips and brushes",
      "Vacuum the return side and the air handler cabinet",
      "Seal the access port with a metal patch and foil tape",
    ],
    duration: "3-5 hours",
    coverage: "Whole home, one HVAC system",
    packages: [
      {
        name: "Single System",
        price: 249,
        features: ["One HVAC system", "HEPA-filtered exhaust", "Sealed access ports", "Before-and-after photos"],
        isPopular: true,
      },
      {
        name: "Dual System",
        price: 449,
        features: [
          "Two HVAC systems",
          "HEPA-filtered exhaust",
          "Sealed access ports",
          "Air handler cabinet cleaning",
          "Before-and-after photos",
        ],
        isPopular: false,
      },
    ],
  },
  "brush-cleaning": {
    description:
      "Some buildup does not come loose with air alone: greasy kitchen dust, drywall dust and caked lint need mechanical agitation. Our rotary brush system scrubs the inside walls of flexible and sheet metal ducts with brush heads sized to each line. We pair it with vacuum collection so nothing is left behind.",
    benefits: [
      "Removes stuck-on debris that air washing leaves behind",
      "Brush heads sized for flexible and metal ducts",
      "Ideal after remodeling or drywall work",
      "Restores the full inside diameter of clogged lines",
    ],
    process: [
      "Identify duct materials and choose the brush heads",
      "Set up vacuum collection on the trunk line",
      "Run the rotary brushes through every branch line",
      "Vacuum loosened debris and inspect with a camera",
    ],
    duration: "2-3 hours",
    coverage: "Whole home, up to 12 vents",
    packages: [
      {
        name: "Standard Brush",
        price: 179,
        features: ["Up to 8 vents", "Rotary brushing", "Vacuum collection"],
        isPopular: false,
      },
      {
        name: "Deep Brush",
        price: 259,
        features: ["Up to 12 vents", "Rotary brushing", "Vacuum collection", "Camera inspection after cleaning"],
        isPopular: true,
      },
    ],
  },
  "deep-cleaning": {
    description:
      "Our deep cleaning covers the entire air path: ducts, registers, the blower, the evaporator coil and the drain pan. It is the service we recommend for homes that have never had their system cleaned, after water damage, or for commercial spaces with heavy use. Expect a noticeable change in airflow and indoor air quality.",
    benefits: [
      "Cleans the whole air path, not only the ducts",
      "Restores airflow and cooling efficiency of the coil",
      "Clears the drain pan where mold often starts",
      "Recommended after water damage or a new home purchase",
      "Suitable for offices and small commercial spaces",
    ],
    process: [
      "Inspect ducts, blower, coil and drain pan",
      "Clean all ducts under negative pressure",
      "Remove and clean the blower wheel",
      "Clean the evaporator coil with a no-rinse coil cleaner",
      "Flush the condensate drain and treat the drain pan",
      "Test airflow and system operation",
    ],
    duration: "4-6 hours",
    coverage: "Whole home or office up to 3,000 sq ft",
    packages: [
      {
        name: "Residential",
        price: 299,
        features: ["Up to 2,000 sq ft", "Full duct cleaning", "Blower and coil cleaning", "Drain pan treatment"],
        isPopular: true,
      },
      {
        name: "Large Home",
        price: 449,
        features: [
          "Up to 3,000 sq ft",
          "Full duct cleaning",
          "Blower and coil cleaning",
          "Drain pan treatment",
          "Antimicrobial treatment",
        ],
        isPopular: false,
      },
      {
        name: "Commercial",
        price: 699,
        features: ["Offices and retail up to 3,000 sq ft", "After-hours scheduling", "Full system cleaning"],
        isPopular: false,
      },
    ],
  },
  "chimney-cleaning": {
    description:
      "Creosote from wood fires builds up inside the flue and can ignite without warning. We sweep the flue from the firebox to the cap, clear the smoke shelf, and inspect the liner, damper and crown. You receive a written report of the chimney's condition.",
    benefits: [
      "Removes flammable creosote before it becomes a hazard",
      "Better draft and less smoke in the room",
      "Finds cracks and damage early, while repairs are small",
      "Clears nests and debris blocking the flue",
    ],
    process: [
      "Cover the hearth and seal the fireplace opening",
      "Sweep the flue with rods and brushes under vacuum",
      "Clean the smoke chamber, smoke shelf and damper",
      "Inspect the liner, cap and crown and photograph any damage",
      "Give you a written condition report",
    ],
    duration: "1-2 hours",
    coverage: "One fireplace and flue",
    packages: [
      {
        name: "Sweep",
        price: 199,
        features: ["One flue sweep", "Smoke shelf cleaning", "Visual inspection"],
        isPopular: true,
      },
      {
        name: "Sweep and Inspect",
        price: 279,
        features: ["One flue sweep", "Smoke shelf cleaning", "Camera inspection of the liner", "Written report"],
        isPopular: false,
      },
    ],
  },
  "hvac-system-cleaning": {
    description:
      "A dirty blower and coil make your HVAC system work harder and wear out sooner. We clean the air handler, blower assembly, evaporator coil and the ducts connected to them so the whole system runs as designed. Most customers see better airflow and lower utility bills right away.",
    benefits: [
      "Restores the system's designed airflow",
      "Lower utility bills from a cleaner coil and blower",
      "Longer equipment life and fewer breakdowns",
      "Cleaner air from every vent in the house",
      "Helps keep the manufacturer's warranty conditions",
    ],
    process: [
      "Test static pressure and airflow",
      "Clean the blower assembly and air handler cabinet",
      "Clean the evaporator coil and condensate drain",
      "Clean the supply and return ducts under negative pressure",
      "Replace the filter and retest airflow",
    ],
    duration: "3-5 hours",
    coverage: "One complete HVAC system",
    packages: [
      {
        name: "System Tune",
        price: 349,
        features: ["Blower and cabinet cleaning", "Coil cleaning", "Filter replacement", "Airflow test"],
        isPopular: false,
      },
      {
        name: "Full System",
        price: 549,
        features: [
          "Blower and cabinet cleaning",
          "Coil cleaning",
          "Full duct cleaning",
          "Filter replacement",
          "Airflow test before and after",
        ],
        isPopular: true,
      },
    ],
  },
};

/** The eight services of SPEC §3, in the SPEC's order (the home page features indices 0, 5 and 2). */
/** The services' titles in Spanish, the glossary's words (docs/glossary-es.md); migration 035 gives older databases the same. */
const TITLES_ES: Record<ServiceKey, string> = {
  "air-duct-cleaning": "Limpieza de ductos de aire",
  "dryer-vent-cleaning": "Limpieza de la ventila de secadora",
  "supply-vent-cleaning": "Limpieza de rejillas de suministro",
  "negative-pressure-machine": "Máquina de presión negativa",
  "brush-cleaning": "Limpieza con cepillo",
  "deep-cleaning": "Limpieza profunda",
  "chimney-cleaning": "Limpieza de chimenea",
  "hvac-system-cleaning": "Limpieza del sistema de calefacción y aire acondicionado (HVAC)",
};

/** The services' descriptions in Spanish, written by hand with the glossary's words; migration 037 gives older databases the same. */
const DESCRIPTIONS_ES: Record<ServiceKey, string> = {
  "air-duct-cleaning":
    "Limpiamos cada ducto de suministro y de retorno de su casa con cepillos rotativos y una aspiradora montada en un camión que mantiene todo el sistema bajo presión negativa. El polvo, el pelo de mascotas, el polen y los residuos de construcción salen de los ductos en lugar de volver a soplarse dentro de sus cuartos. Usted recibe fotos de antes y después del interior de sus ductos.",
  "dryer-vent-cleaning":
    "La pelusa que se acumula en la ventila de secadora es una de las principales causas de incendios en las casas y hace que cada carga tarde más en secarse. Limpiamos todo el recorrido de la ventila, desde la parte de atrás de la secadora hasta la tapa exterior, incluidas las salidas por el techo y los recorridos largos por la pared. Terminamos midiendo el flujo de aire para que usted vea la diferencia.",
  "supply-vent-cleaning":
    "Las salidas de suministro son el último paso del aire climatizado antes de llegar a sus cuartos, y sus rejillas y ramales cortos juntan una cantidad sorprendente de polvo. Limpiamos cada ramal y cada rejilla de suministro para que el aire salga limpio. Es una buena opción entre limpiezas completas de ductos o después de una remodelación.",
  "negative-pressure-machine":
    "Nuestra máquina de presión negativa jala hasta 5,000 pies cúbicos de aire por minuto a través de sus ductos mientras aflojamos la suciedad. Como todo el sistema se mantiene bajo succión, el polvo que se desprende va a los filtros de la máquina y no a su casa. Es el método que recomiendan las normas de limpieza de la industria para una limpieza a fondo que saca la suciedad desde su origen.",
  "brush-cleaning":
    "Hay suciedad que no se suelta solo con aire: el polvo grasoso de la cocina, el polvo de panel de yeso y la pelusa pegada necesitan agitación mecánica. Nuestro sistema de cepillos rotativos talla las paredes interiores de los ductos flexibles y de lámina metálica con cabezales del tamaño de cada línea. Lo combinamos con la aspiración de la suciedad para no dejar nada atrás.",
  "deep-cleaning":
    "Nuestra limpieza profunda cubre todo el recorrido del aire: los ductos, las rejillas, el ventilador, el serpentín del evaporador y la bandeja de drenaje. Es el servicio que recomendamos para casas cuyo sistema nunca se ha limpiado, después de daños por agua o para locales comerciales de mucho uso. Notará un cambio claro en el flujo de aire y en la calidad del aire interior.",
  "chimney-cleaning":
    "La creosota que dejan los fuegos de leña se acumula dentro del conducto de humo y puede encenderse sin aviso. Deshollinamos el conducto desde el hogar de la chimenea hasta el sombrerete, limpiamos la repisa de humo e inspeccionamos el revestimiento, la compuerta y la corona. Usted recibe un informe escrito del estado de su chimenea.",
  "hvac-system-cleaning":
    "Un ventilador y un serpentín sucios hacen que su sistema de calefacción y aire acondicionado trabaje más y se desgaste antes. Limpiamos la manejadora de aire, el conjunto del ventilador, el serpentín del evaporador y los ductos conectados a ellos para que todo el sistema funcione como fue diseñado. La mayoría de nuestros clientes notan de inmediato un mejor flujo de aire y facturas de energía más bajas.",
};

export const SEED_SERVICES: Omit<Service, "updatedAt">[] = SERVICE_KEYS.map((key) => {
  const { packagesEs, ...detailsEs } = DETAILS_ES[key];
  return {
    _id: key,
    title: SERVICE_NAMES[key],
    titleEs: TITLES_ES[key],
    descriptionEs: DESCRIPTIONS_ES[key],
    image: `/images/services/${key}.svg`,
    price: BASE_PRICES[key],
    ...CONTENT[key],
    ...detailsEs,
    packages: CONTENT[key].packages.map((p, i) => ({ ...p, ...packagesEs[i] })),
    checklist: DEFAULT_CHECKLISTS[key],
  };
});
