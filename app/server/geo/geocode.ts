// The local geocoder behind /api/geocode.php: the nearest seeded region to a
// point (great-circle distance), if one lies within reach. No network call.
import type { Database } from "#app/server/db/client.ts";
import { regions } from "#app/server/db/schema.ts";

const EARTH_KM = 6371;
/** Farther than this from every region centre means "not a place we serve". */
const MAX_DISTANCE_KM = 400;

let points: { id: number; country: string; code: string; name: string; lat: number; lon: number }[] | null = null;

export function forgetRegionPoints() {
  points = null;
}

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(a));
}

export async function nearestPlace(db: Database, lat: number, lon: number) {
  points ??= await db.select().from(regions);
  let best: (typeof points)[number] | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const point of points) {
    const km = distanceKm(lat, lon, point.lat, point.lon);
    if (km < bestKm) {
      best = point;
      bestKm = km;
    }
  }
  if (!best || bestKm > MAX_DISTANCE_KM) return null;
  return {
    country: best.country,
    region: { id: best.id, code: best.code, name: best.name },
    lat,
    lon,
    distance_km: Math.round(bestKm),
  };
}
