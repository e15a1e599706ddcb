/**
 * The CSP img-src source of the tile server template (the map's tiles load straight from the browser):
 * 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' → 'https://tile.openstreetmap.org'; a '{s}' subdomain
 * placeholder becomes a '*' wildcard ('https://{s}.tile.example.org/…' → 'https://*.tile.example.org').
 */
export function tileSources(template: string): string[] {
  const match = /^(https?):\/\/([^/\s]+)/i.exec(template);
  if (!match) return [];
  const host = match[2]!.replace(/^\{s\}\./, '*.');
  if (/[{}]/.test(host)) return [];
  return [`${match[1]!.toLowerCase()}://${host.toLowerCase()}`];
}
