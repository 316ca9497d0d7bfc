/**
 * Serials pasted one per line or separated by commas (or semicolons, as spreadsheets copy them). Spaces, dashes and
 * colons inside a serial stay: the shared rule drops every non-hex character of a serial.
 */
export function parseSerials(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((serial) => serial.trim())
    .filter(Boolean);
}
