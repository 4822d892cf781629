/** Characters that must not appear raw in XML (or HTML) text or attributes, as numeric references. */
export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
