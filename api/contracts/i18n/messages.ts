/**
 * A text of the site: its id (`<area>.<screen>.<name>`; the area names its catalog: public, customer, field,
 * office) and its English, an ICU message. FormatJS's extractor (`npm run i18n:extract`) reads these where they are
 * declared, in `defineMessages({...})` calls or inline in `t({ id, defaultMessage })`, and writes the English
 * catalogs that the Spanish ones are checked against.
 */
export interface MessageDescriptor {
  id: string;
  defaultMessage: string;
  /** For the translator: where the text shows, what a placeholder holds. */
  description?: string;
}

/** The values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

/** Declares a screen's texts; the extractor finds them by this name. */
export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}

const SIMPLE_ARGUMENT = /\{\s*([A-Za-z_][\w]*)\s*\}/g;

/**
 * The English text of a message whose placeholders are all plain (`{name}`), without the ICU runtime: the public
 * pages' first load must not pay ~14 KB for it (the Spanish path loads it with its catalog). A message with a
 * plural, a select or a formatted argument needs the runtime, so it is refused here rather than shown half-made.
 */
export function formatPlain(message: string, values?: MessageValues): string {
  if (/[{}]/.test(message.replace(SIMPLE_ARGUMENT, "")) || /'[{}'#]/.test(message))
    throw new Error(`Needs the ICU runtime: ${message}`);
  return message.replace(SIMPLE_ARGUMENT, (_whole, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`No {${name}}: ${message}`);
    return String(value);
  });
}
