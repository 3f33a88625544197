/**
 * Whether an e-mail address is one we can deliver to: what real address books hold, not only what a narrow pattern
 * allows. RFC 5321 dot-atom local parts (letters, digits and !#$%&'*+/=?^_`{|}~-, dots between them), and a domain
 * of at least two labels, international ones in Unicode or punycode. Refused: quoted local parts and IP literals
 * (valid, but no customer types them and most relays refuse them), and anything over the RFC's lengths
 * (decision 0024).
 */
export function isDeliverableEmail(address: string): boolean {
  if (address.length > MAX_ADDRESS) return false;
  const at = address.lastIndexOf("@");
  if (at <= 0 || address.indexOf("@") !== at) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  return isLocalPart(local) && isDomain(domain);
}

/** RFC 5321 §4.5.3.1: a path of 256 octets with its brackets leaves 254 for the address. */
const MAX_ADDRESS = 254;
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;
const MAX_LABEL = 63;

const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
// A letter or digit of any script (IDN), or a hyphen inside the label.
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const TOP_LABEL = /^(?:[\p{L}\p{M}]{2,}|xn--[a-z0-9-]+)$/iu;

function isLocalPart(local: string): boolean {
  return local.length <= MAX_LOCAL && local.split(".").every((atom) => ATOM.test(atom));
}

function isDomain(domain: string): boolean {
  if (domain.length > MAX_DOMAIN) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL && LABEL.test(label))) return false;
  return TOP_LABEL.test(labels[labels.length - 1]!);
}
