-- The service area in Spanish (decision 0103), kept beside the English one in the settings' profile: what a Spanish
-- page reads after "en". A profile saved before gets "el área de X" for an English "the X area" (how the service
-- area is seeded); any other English words stay as they are, as Spanish pages showed them, until the owner writes
-- the Spanish in Settings.
update business_settings
set profile = profile || jsonb_build_object('serviceAreaEs',
  case
    when profile->>'serviceArea' ~ '^the .+ area$'
      then 'el área de ' || substring(profile->>'serviceArea' from '^the (.+) area$')
    else profile->>'serviceArea'
  end)
where profile->'serviceAreaEs' is null;
