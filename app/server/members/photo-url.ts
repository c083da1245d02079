/** The URL a stored photo is served from (through the Worker, or the domain's CDN prefix). */
export function photoUrl(filename: string, cdnPrefix = ""): string {
  return `${cdnPrefix}/media/photos/${filename}`;
}
