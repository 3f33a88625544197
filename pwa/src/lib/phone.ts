/**
 * A stored phone (E.164, "+17045550131") as people read it: "(704) 555-0131" for a North American number,
 * "+44 20 7946 0958"-like groups left as stored for others. The server parses phones with libphonenumber-js; the
 * screens only need to read a US number, and that library would add ~100 KB to the staff screens.
 */
export function formatPhone(stored: string): string {
  const digits = stored.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  const northAmerican = stored.trim().startsWith("+") ? digits.length === 11 && digits.startsWith("1") : true;
  if (northAmerican && national.length === 10) {
    return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  }
  return stored;
}

/** The href that dials a stored phone. */
export const phoneHref = (stored: string) => `tel:${stored.replace(/[^\d+]/g, "")}`;
