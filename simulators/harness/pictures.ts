/** A small inline picture (an SVG data URI), so offline pages show product images without leaving the machine. */
export function imageDataUri(color: string, label = ""): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="${color}"/><text x="40" y="46" font-size="14" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
