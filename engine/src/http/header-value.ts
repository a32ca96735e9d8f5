/**
 * What an HTTP header value may hold: Node refuses (ERR_INVALID_CHAR) anything but tab, visible
 * ASCII and Latin-1 (RFC 9110 field-vchar plus obs-text), so a value outside that set would answer 500.
 */
const OUTSIDE = /[^\t\x20-\x7e\x80-\xff]/;
const OUTSIDE_ALL = /[^\t\x20-\x7e\x80-\xff]/gu;

/** Whether a constant header value can be sent as written (config time). */
export const headerValueFits = (value: string): boolean => !OUTSIDE.test(value);

/**
 * A rendered header value made sendable: line breaks become spaces (a value cannot span lines), and
 * every other character outside the allowed set (`€`, `Ж`, emoji, NUL) is percent-encoded as UTF-8,
 * as RFC 8187 does for parameters, so `€` arrives as `%E2%82%AC`.
 */
export function sendableHeaderValue(text: string): string {
  if (!OUTSIDE.test(text)) return text;
  return text.replace(/[\r\n]+/g, ' ').replace(OUTSIDE_ALL, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  });
}
