// Rules for text a person types (names, addresses, notes), shared by every form's schema and by
// the checks on better-auth's own endpoints. No Zod here: browser code may import it cheaply.

/**
 * Control characters: PostgreSQL refuses NUL in text, and none of them belongs in a name or an
 * address. Multi-line fields keep line breaks and tabs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_EXCEPT_LINE_BREAKS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasControlCharacters(text: string, { multiline = false } = {}): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(text);
}

/**
 * Something a mail client would turn into a link, or markup: a name is printed in the shop's
 * emails ("Hi {name},"), so it must not carry an address to another site or angle brackets.
 */
export function looksLikeLinkOrMarkup(text: string): boolean {
  return (
    /[<>]/.test(text) ||
    /:\/\/|www\.|@|\/|\\/i.test(text) ||
    /\b[a-z0-9-]+\.(com|net|org|info|biz|io|co|uk|ru|cn|xyz|top|app|dev|me|shop|site|online|link|click)\b/i.test(
      text,
    )
  );
}

export const NAME_WITHOUT_LINKS = "Please enter your name without links or < > characters.";
export const NO_CONTROL_CHARACTERS = "Please remove the special characters from this field.";
