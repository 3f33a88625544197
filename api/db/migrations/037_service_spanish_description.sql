-- A service's description in Spanish (decision 0097): what the public pages show a Spanish-speaking visitor under
-- the service's Spanish title. Optional: a service without one shows its English description. The eight services of
-- the catalog get a hand-written one (the glossary's words, docs/glossary-es.md) while they still carry the
-- description they were seeded with; one the office rewrote keeps none until an admin writes one.
alter table services add column description_es text
  check (description_es is null or length(description_es) between 1 and 2000);

update services set description_es = s.description_es
from (values
  ('air-duct-cleaning',
   'We clean every supply and return duct in your home with rotary brushes and a truck-mounted vacuum that keeps the whole system under negative pressure. Dust, pet hair, pollen and construction debris are pulled out of the ductwork instead of being blown back into your rooms. You get before-and-after photos of the inside of your ducts.',
   'Limpiamos cada ducto de suministro y de retorno de su casa con cepillos rotativos y una aspiradora montada en un camión que mantiene todo el sistema bajo presión negativa. El polvo, el pelo de mascotas, el polen y los residuos de construcción salen de los ductos en lugar de volver a soplarse dentro de sus cuartos. Usted recibe fotos de antes y después del interior de sus ductos.'),
  ('dryer-vent-cleaning',
   'Lint that builds up in a dryer vent is one of the leading causes of house fires and makes every load take longer to dry. We clear the full vent run from the back of the dryer to the outside hood, including roof and long wall runs. We finish with an airflow reading so you can see the difference.',
   'La pelusa que se acumula en la ventila de secadora es una de las principales causas de incendios en las casas y hace que cada carga tarde más en secarse. Limpiamos todo el recorrido de la ventila, desde la parte de atrás de la secadora hasta la tapa exterior, incluidas las salidas por el techo y los recorridos largos por la pared. Terminamos midiendo el flujo de aire para que usted vea la diferencia.'),
  ('supply-vent-cleaning',
   'Supply vents are the last stop before conditioned air reaches your rooms, and their registers and short branch lines collect a surprising amount of dust. We clean each supply branch and register so fresh air comes out clean. It is a good fit between full duct cleanings or after a renovation.',
   'Las salidas de suministro son el último paso del aire climatizado antes de llegar a sus cuartos, y sus rejillas y ramales cortos juntan una cantidad sorprendente de polvo. Limpiamos cada ramal y cada rejilla de suministro para que el aire salga limpio. Es una buena opción entre limpiezas completas de ductos o después de una remodelación.'),
  ('negative-pressure-machine',
   'Our negative pressure machine pulls up to 5,000 cubic feet of air per minute through your duct system while we agitate the debris loose. Because the whole system stays under suction, dislodged dust goes into the machine''s filters and not into your home. It is the method the industry''s cleaning standards recommend for a thorough source-removal cleaning.',
   'Nuestra máquina de presión negativa jala hasta 5,000 pies cúbicos de aire por minuto a través de sus ductos mientras aflojamos la suciedad. Como todo el sistema se mantiene bajo succión, el polvo que se desprende va a los filtros de la máquina y no a su casa. Es el método que recomiendan las normas de limpieza de la industria para una limpieza a fondo que saca la suciedad desde su origen.'),
  ('brush-cleaning',
   'Some buildup does not come loose with air alone: greasy kitchen dust, drywall dust and caked lint need mechanical agitation. Our rotary brush system scrubs the inside walls of flexible and sheet metal ducts with brush heads sized to each line. We pair it with vacuum collection so nothing is left behind.',
   'Hay suciedad que no se suelta solo con aire: el polvo grasoso de la cocina, el polvo de panel de yeso y la pelusa pegada necesitan agitación mecánica. Nuestro sistema de cepillos rotativos talla las paredes interiores de los ductos flexibles y de lámina metálica con cabezales del tamaño de cada línea. Lo combinamos con la aspiración de la suciedad para no dejar nada atrás.'),
  ('deep-cleaning',
   'Our deep cleaning covers the entire air path: ducts, registers, the blower, the evaporator coil and the drain pan. It is the service we recommend for homes that have never had their system cleaned, after water damage, or for commercial spaces with heavy use. Expect a noticeable change in airflow and indoor air quality.',
   'Nuestra limpieza profunda cubre todo el recorrido del aire: los ductos, las rejillas, el ventilador, el serpentín del evaporador y la bandeja de drenaje. Es el servicio que recomendamos para casas cuyo sistema nunca se ha limpiado, después de daños por agua o para locales comerciales de mucho uso. Notará un cambio claro en el flujo de aire y en la calidad del aire interior.'),
  ('chimney-cleaning',
   'Creosote from wood fires builds up inside the flue and can ignite without warning. We sweep the flue from the firebox to the cap, clear the smoke shelf, and inspect the liner, damper and crown. You receive a written report of the chimney''s condition.',
   'La creosota que dejan los fuegos de leña se acumula dentro del conducto de humo y puede encenderse sin aviso. Deshollinamos el conducto desde el hogar de la chimenea hasta el sombrerete, limpiamos la repisa de humo e inspeccionamos el revestimiento, la compuerta y la corona. Usted recibe un informe escrito del estado de su chimenea.'),
  ('hvac-system-cleaning',
   'A dirty blower and coil make your HVAC system work harder and wear out sooner. We clean the air handler, blower assembly, evaporator coil and the ducts connected to them so the whole system runs as designed. Most customers see better airflow and lower utility bills right away.',
   'Un ventilador y un serpentín sucios hacen que su sistema de calefacción y aire acondicionado trabaje más y se desgaste antes. Limpiamos la manejadora de aire, el conjunto del ventilador, el serpentín del evaporador y los ductos conectados a ellos para que todo el sistema funcione como fue diseñado. La mayoría de nuestros clientes notan de inmediato un mejor flujo de aire y facturas de energía más bajas.')
) as s(id, description, description_es)
where services.id = s.id and services.description = s.description and services.description_es is null;
