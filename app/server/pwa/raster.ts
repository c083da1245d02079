// Draws vector shapes into RGBA pixels: SVG path data (M, L, H, V, C, S, Q,
// T, Z) flattened to polygons and filled with the non-zero rule, anti-aliased
// by 4×4 sampling per pixel. Enough for logo marks and rounded squares.
type Point = [number, number];
export type Polygon = Point[];

const TOKEN = /[MmLlHhVvCcSsQqTtZz]|-?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?/g;
const CURVE_STEPS = 16;

/** Path data to closed polygons; throws on commands it does not know (arcs). */
export function pathPolygons(d: string): Polygon[] {
  const tokens = d.match(TOKEN) ?? [];
  if (/[AaBbRr]/.test(d.replace(/e[-+]?\d/gi, ""))) throw new Error("arc commands are not supported");
  const polygons: Polygon[] = [];
  let current: Polygon = [];
  let at: Point = [0, 0];
  let start: Point = [0, 0];
  let control: Point | null = null;
  let command = "";
  let i = 0;
  const num = () => {
    const value = Number(tokens[i++]);
    if (Number.isNaN(value)) throw new Error("malformed path data");
    return value;
  };
  const close = () => {
    if (current.length > 2) polygons.push(current);
    current = [];
  };
  const cubic = (c1: Point, c2: Point, end: Point) => {
    for (let s = 1; s <= CURVE_STEPS; s++) {
      const t = s / CURVE_STEPS;
      const u = 1 - t;
      current.push([
        u * u * u * at[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * end[0],
        u * u * u * at[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * end[1],
      ]);
    }
    control = c2;
    at = end;
  };
  const quadratic = (c: Point, end: Point) => {
    cubic(
      [at[0] + (2 / 3) * (c[0] - at[0]), at[1] + (2 / 3) * (c[1] - at[1])],
      [end[0] + (2 / 3) * (c[0] - end[0]), end[1] + (2 / 3) * (c[1] - end[1])],
      end,
    );
    control = c;
  };
  while (i < tokens.length) {
    if (/[a-z]/i.test(tokens[i]!)) command = tokens[i++]!;
    const relative = command === command.toLowerCase();
    const dx = relative ? at[0] : 0;
    const dy = relative ? at[1] : 0;
    const point = (): Point => [num() + dx, num() + dy];
    const previous = control;
    control = null;
    switch (command.toUpperCase()) {
      case "M":
        close();
        at = point();
        start = at;
        current.push(at);
        // Further pairs after a moveto are linetos.
        command = relative ? "l" : "L";
        break;
      case "L":
        at = point();
        current.push(at);
        break;
      case "H":
        at = [num() + dx, at[1]];
        current.push(at);
        break;
      case "V":
        at = [at[0], num() + dy];
        current.push(at);
        break;
      case "C":
        cubic(point(), point(), point());
        break;
      case "S": {
        const reflected: Point = previous ? [2 * at[0] - previous[0], 2 * at[1] - previous[1]] : at;
        cubic(reflected, point(), point());
        break;
      }
      case "Q":
        quadratic(point(), point());
        break;
      case "T": {
        const reflected: Point = previous ? [2 * at[0] - previous[0], 2 * at[1] - previous[1]] : at;
        quadratic(reflected, point());
        break;
      }
      case "Z":
        close();
        at = start;
        current = [at];
        break;
      default:
        throw new Error(`unknown path command ${command}`);
    }
  }
  close();
  return polygons;
}

/** A rounded square from (x, y), `size` wide, corners of radius `r`. */
export function roundedSquare(x: number, y: number, size: number, r: number): Polygon {
  const polygon: Polygon = [];
  const corners: [number, number, number][] = [
    [x + size - r, y + r, -90],
    [x + size - r, y + size - r, 0],
    [x + r, y + size - r, 90],
    [x + r, y + r, 180],
  ];
  for (const [cx, cy, from] of corners) {
    for (let s = 0; s <= 8; s++) {
      const angle = ((from + (s / 8) * 90) * Math.PI) / 180;
      polygon.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
    }
  }
  return polygon;
}

function bounds(polygons: Polygon[]) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const polygon of polygons) {
    for (const [x, y] of polygon) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX, minY, width: maxX - minX, height: maxY - minY };
}

/** Scales and moves polygons so their bounds fill `box` (kept in proportion, centred). */
export function fitPolygons(polygons: Polygon[], box: { x: number; y: number; size: number }): Polygon[] {
  const b = bounds(polygons);
  const scale = box.size / Math.max(b.width, b.height);
  const offsetX = box.x + (box.size - b.width * scale) / 2;
  const offsetY = box.y + (box.size - b.height * scale) / 2;
  return polygons.map((p) => p.map(([x, y]) => [(x - b.minX) * scale + offsetX, (y - b.minY) * scale + offsetY]));
}

const SAMPLES = 4;

/** How much of each pixel the polygons cover (0–1), non-zero winding. */
export function coverage(polygons: Polygon[], width: number, height: number): Float32Array {
  const cover = new Float32Array(width * height);
  const edges = polygons.flatMap((p) =>
    p.map((a, k) => [a, p[(k + 1) % p.length]!] as const).filter(([a, b]) => a[1] !== b[1]),
  );
  const crossings: { x: number; dir: number }[] = [];
  for (let sy = 0; sy < height * SAMPLES; sy++) {
    const y = (sy + 0.5) / SAMPLES;
    const row = Math.floor(sy / SAMPLES) * width;
    crossings.length = 0;
    for (const [a, b] of edges) {
      const [top, bottom] = a[1] < b[1] ? [a, b] : [b, a];
      if (y < top[1] || y >= bottom[1]) continue;
      crossings.push({ x: a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]), dir: b[1] > a[1] ? 1 : -1 });
    }
    crossings.sort((p, q) => p.x - q.x);
    let winding = 0;
    for (let k = 0; k < crossings.length - 1; k++) {
      winding += crossings[k]!.dir;
      if (winding === 0) continue;
      const from = Math.max(0, crossings[k]!.x);
      const to = Math.min(width, crossings[k + 1]!.x);
      for (let px = Math.floor(from); px < to; px++) {
        const overlap = Math.min(px + 1, to) - Math.max(px, from);
        if (overlap > 0) cover[row + px] = (cover[row + px] ?? 0) + overlap / SAMPLES;
      }
    }
  }
  for (let k = 0; k < cover.length; k++) cover[k] = Math.min(1, cover[k]!);
  return cover;
}
