-- A service's title in Spanish (decision 0088): what a Spanish-speaking customer's e-mails, calendar files and texts
-- call it. Optional: a service without one is named by its English title. The eight services of the catalog get the
-- glossary's words (docs/glossary-es.md), while they still carry the title they were seeded with; a service the
-- office renamed keeps none until an admin writes one.
alter table services add column title_es text check (title_es is null or length(title_es) between 1 and 120);

update services set title_es = s.title_es
from (values
  ('air-duct-cleaning', 'Air Duct Cleaning', 'Limpieza de ductos de aire'),
  ('dryer-vent-cleaning', 'Dryer Vent Cleaning', 'Limpieza de la ventila de secadora'),
  ('supply-vent-cleaning', 'Supply Vent Cleaning', 'Limpieza de rejillas de suministro'),
  ('negative-pressure-machine', 'Negative Pressure Machine', 'Máquina de presión negativa'),
  ('brush-cleaning', 'Brush Cleaning', 'Limpieza con cepillo'),
  ('deep-cleaning', 'Deep Cleaning', 'Limpieza profunda'),
  ('chimney-cleaning', 'Chimney Cleaning', 'Limpieza de chimenea'),
  ('hvac-system-cleaning', 'HVAC System Cleaning', 'Limpieza del sistema de calefacción y aire acondicionado (HVAC)')
) as s(id, title, title_es)
where services.id = s.id and services.title = s.title and services.title_es is null;
