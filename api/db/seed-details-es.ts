import type { ServiceKey } from "../contracts/services/catalog.ts";

/**
 * What a catalog service's page says in Spanish beyond its title and description, written by hand with the
 * glossary's words (docs/glossary-es.md); migration 039 gives older databases the same. No list item has a comma:
 * the service form writes a list as items separated by commas.
 */
export interface SeedDetailsEs {
  benefitsEs: string[];
  processEs: string[];
  durationEs: string;
  coverageEs: string;
  /** One for each package, in the order of the English ones. */
  packagesEs: { nameEs: string; featuresEs: string[] }[];
}

export const DETAILS_ES: Record<ServiceKey, SeedDetailsEs> = {
  "air-duct-cleaning": {
    benefitsEs: [
      "Menos polvo sobre los muebles entre una limpieza y otra",
      "Menos alérgenos y caspa de mascotas circulando por la casa",
      "Mejor flujo de aire en los cuartos lejos de la manejadora de aire",
      "Menor consumo de energía cuando el ventilador ya no lucha contra ductos tapados",
      "Quita los olores a humedad atrapados en los ductos",
    ],
    processEs: [
      "Revisamos los ductos con una cámara y le mostramos lo que encontramos",
      "Protegemos pisos y muebles y sellamos cada rejilla",
      "Conectamos la aspiradora de presión negativa al ducto troncal principal",
      "Agitamos cada ramal con cepillos rotativos y látigos de aire",
      "Limpiamos las rejillas y las volvemos a instalar",
      "Repasamos con usted las fotos de antes y después",
    ],
    durationEs: "2 a 4 horas",
    coverageEs: "Toda la casa, hasta 15 rejillas",
    packagesEs: [
      {
        nameEs: "Básico",
        featuresEs: [
          "Hasta 10 rejillas",
          "Limpieza del ducto troncal principal",
          "Limpieza de rejillas",
          "Fotos de antes y después",
        ],
      },
      {
        nameEs: "Estándar",
        featuresEs: [
          "Hasta 15 rejillas",
          "Ductos de suministro y de retorno",
          "Limpieza y desinfección de rejillas",
          "Cambio del filtro de aire",
          "Fotos de antes y después",
        ],
      },
      {
        nameEs: "Premium",
        featuresEs: [
          "Rejillas ilimitadas",
          "Ductos de suministro y de retorno",
          "Tratamiento antimicrobiano de ductos",
          "Limpieza del compartimiento del ventilador",
          "Cambio del filtro de aire",
        ],
      },
    ],
  },
  "dryer-vent-cleaning": {
    benefitsEs: [
      "Reduce el riesgo de incendio por la pelusa atrapada",
      "Ropa seca en menos tiempo y facturas de energía más bajas",
      "Menos desgaste de la resistencia y el motor de la secadora",
      "Evita que la pelusa y la humedad regresen al cuarto de lavado",
    ],
    processEs: [
      "Medimos el flujo de aire en la tapa exterior",
      "Desconectamos la secadora y revisamos la manguera de conexión",
      "Cepillamos y aspiramos todo el recorrido de la ventila desde ambos extremos",
      "Limpiamos la tapa exterior y revisamos su compuerta",
      "Conectamos de nuevo la secadora y volvemos a medir el flujo de aire",
    ],
    durationEs: "1 a 2 horas",
    coverageEs: "Una ventila de secadora, hasta 35 pies",
    packagesEs: [
      {
        nameEs: "Estándar",
        featuresEs: [
          "Recorrido de hasta 15 pies",
          "Limpieza de la tapa exterior",
          "Prueba de flujo de aire antes y después",
        ],
      },
      {
        nameEs: "Extendido",
        featuresEs: [
          "Recorrido de hasta 35 pies",
          "Salida por el techo o por el segundo piso",
          "Cambio de la manguera de conexión",
          "Prueba de flujo de aire antes y después",
        ],
      },
    ],
  },
  "supply-vent-cleaning": {
    benefitsEs: [
      "Aire limpio directo a cada cuarto",
      "Quita el polvo visible y las manchas alrededor de las rejillas",
      "Mejora el flujo de aire en las salidas débiles o ruidosas",
      "Una limpieza rápida entre limpiezas completas del sistema",
    ],
    processEs: [
      "Revisamos el polvo y el flujo de aire de cada rejilla de suministro",
      "Quitamos y lavamos las rejillas",
      "Cepillamos y aspiramos cada ramal de suministro",
      "Volvemos a instalar las rejillas y comprobamos el flujo de aire en cada cuarto",
    ],
    durationEs: "1 a 3 horas",
    coverageEs: "Hasta 12 rejillas de suministro",
    packagesEs: [
      {
        nameEs: "Esencial",
        featuresEs: ["Hasta 8 rejillas de suministro", "Lavado de rejillas", "Aspirado de ramales"],
      },
      {
        nameEs: "Completo",
        featuresEs: [
          "Hasta 12 rejillas de suministro",
          "Lavado de rejillas",
          "Cepillado de ramales",
          "Revisión del flujo de aire en cada cuarto",
        ],
      },
    ],
  },
  "negative-pressure-machine": {
    benefitsEs: [
      "El método más completo para sacar la suciedad desde su origen",
      "Nada de polvo se escapa a su casa durante el trabajo",
      "Aire de salida con filtro HEPA para hogares con alergias o asma",
      "Llega a ductos troncales largos que otros métodos no alcanzan",
    ],
    processEs: [
      "Abrimos un puerto de acceso sellado en el ducto troncal principal",
      "Conectamos la máquina de presión negativa y sellamos todas las rejillas",
      "Empujamos la suciedad hacia la máquina con látigos de aire y cepillos",
      "Aspiramos el lado de retorno y el gabinete de la manejadora de aire",
      "Sellamos el puerto de acceso con un parche metálico y cinta de aluminio",
    ],
    durationEs: "3 a 5 horas",
    coverageEs: "Toda la casa, un sistema de calefacción y aire acondicionado",
    packagesEs: [
      {
        nameEs: "Un sistema",
        featuresEs: [
          "Un sistema de calefacción y aire acondicionado",
          "Aire de salida con filtro HEPA",
          "Puertos de acceso sellados",
          "Fotos de antes y después",
        ],
      },
      {
        nameEs: "Dos sistemas",
        featuresEs: [
          "Dos sistemas de calefacción y aire acondicionado",
          "Aire de salida con filtro HEPA",
          "Puertos de acceso sellados",
          "Limpieza del gabinete de la manejadora de aire",
          "Fotos de antes y después",
        ],
      },
    ],
  },
  "brush-cleaning": {
    benefitsEs: [
      "Quita la suciedad pegada que la limpieza con aire no saca",
      "Cabezales de cepillo a la medida de ductos flexibles y metálicos",
      "Ideal después de una remodelación o de trabajos con panel de yeso",
      "Devuelve a los ductos tapados todo su diámetro interior",
    ],
    processEs: [
      "Identificamos el material de los ductos y elegimos los cabezales",
      "Instalamos la aspiración en el ducto troncal",
      "Pasamos los cepillos rotativos por cada ramal",
      "Aspiramos la suciedad suelta y revisamos con una cámara",
    ],
    durationEs: "2 a 3 horas",
    coverageEs: "Toda la casa, hasta 12 rejillas",
    packagesEs: [
      {
        nameEs: "Cepillado estándar",
        featuresEs: ["Hasta 8 rejillas", "Cepillado rotativo", "Aspiración de la suciedad"],
      },
      {
        nameEs: "Cepillado profundo",
        featuresEs: [
          "Hasta 12 rejillas",
          "Cepillado rotativo",
          "Aspiración de la suciedad",
          "Revisión con cámara después de la limpieza",
        ],
      },
    ],
  },
  "deep-cleaning": {
    benefitsEs: [
      "Limpia todo el recorrido del aire y no solo los ductos",
      "Recupera el flujo de aire y la eficiencia de enfriamiento del serpentín",
      "Limpia la bandeja de drenaje donde suele empezar el moho",
      "Recomendada después de daños por agua o al comprar una casa",
      "Apta para oficinas y locales comerciales pequeños",
    ],
    processEs: [
      "Revisamos los ductos y el ventilador junto con el serpentín y la bandeja de drenaje",
      "Limpiamos todos los ductos bajo presión negativa",
      "Desmontamos y limpiamos la rueda del ventilador",
      "Limpiamos el serpentín del evaporador con un limpiador que no requiere enjuague",
      "Lavamos el drenaje de condensado y tratamos la bandeja de drenaje",
      "Probamos el flujo de aire y el funcionamiento del sistema",
    ],
    durationEs: "4 a 6 horas",
    // Four digits without a separator, as Spanish writes them (and as the packages' lists must).
    coverageEs: "Toda la casa u oficina de hasta 3000 pies cuadrados",
    packagesEs: [
      {
        nameEs: "Residencial",
        featuresEs: [
          "Hasta 2000 pies cuadrados",
          "Limpieza completa de ductos",
          "Limpieza del ventilador y del serpentín",
          "Tratamiento de la bandeja de drenaje",
        ],
      },
      {
        nameEs: "Casa grande",
        featuresEs: [
          "Hasta 3000 pies cuadrados",
          "Limpieza completa de ductos",
          "Limpieza del ventilador y del serpentín",
          "Tratamiento de la bandeja de drenaje",
          "Tratamiento antimicrobiano",
        ],
      },
      {
        nameEs: "Comercial",
        featuresEs: [
          "Oficinas y comercios de hasta 3000 pies cuadrados",
          "Citas fuera del horario de trabajo",
          "Limpieza de todo el sistema",
        ],
      },
    ],
  },
  "chimney-cleaning": {
    benefitsEs: [
      "Quita la creosota inflamable antes de que se vuelva un peligro",
      "Mejor tiro y menos humo en el cuarto",
      "Detecta a tiempo grietas y daños mientras las reparaciones son pequeñas",
      "Saca los nidos y la basura que tapan el conducto de humo",
    ],
    processEs: [
      "Protegemos el piso frente a la chimenea y sellamos la boca del hogar",
      "Deshollinamos el conducto de humo con varillas y cepillos mientras aspiramos",
      "Limpiamos la cámara y la repisa de humo y también la compuerta",
      "Revisamos el revestimiento y la parte alta (sombrerete y corona) y fotografiamos cualquier daño",
      "Le entregamos un informe escrito del estado de la chimenea",
    ],
    durationEs: "1 a 2 horas",
    coverageEs: "Una chimenea con su conducto de humo",
    packagesEs: [
      {
        nameEs: "Deshollinado",
        featuresEs: ["Deshollinado de un conducto de humo", "Limpieza de la repisa de humo", "Inspección visual"],
      },
      {
        nameEs: "Deshollinado e inspección",
        featuresEs: [
          "Deshollinado de un conducto de humo",
          "Limpieza de la repisa de humo",
          "Inspección del revestimiento con cámara",
          "Informe escrito",
        ],
      },
    ],
  },
  "hvac-system-cleaning": {
    benefitsEs: [
      "Recupera el flujo de aire para el que se diseñó el sistema",
      "Facturas de energía más bajas con un serpentín y un ventilador limpios",
      "Equipos que duran más y se descomponen menos",
      "Aire más limpio en cada rejilla de la casa",
      "Ayuda a cumplir las condiciones de la garantía del fabricante",
    ],
    processEs: [
      "Medimos la presión estática y el flujo de aire",
      "Limpiamos el conjunto del ventilador y el gabinete de la manejadora de aire",
      "Limpiamos el serpentín del evaporador y el drenaje de condensado",
      "Limpiamos los ductos de suministro y de retorno bajo presión negativa",
      "Cambiamos el filtro y volvemos a medir el flujo de aire",
    ],
    durationEs: "3 a 5 horas",
    coverageEs: "Un sistema completo de calefacción y aire acondicionado",
    packagesEs: [
      {
        nameEs: "Puesta a punto",
        featuresEs: [
          "Limpieza del ventilador y del gabinete",
          "Limpieza del serpentín",
          "Cambio de filtro",
          "Prueba de flujo de aire",
        ],
      },
      {
        nameEs: "Sistema completo",
        featuresEs: [
          "Limpieza del ventilador y del gabinete",
          "Limpieza del serpentín",
          "Limpieza completa de ductos",
          "Cambio de filtro",
          "Prueba de flujo de aire antes y después",
        ],
      },
    ],
  },
};
