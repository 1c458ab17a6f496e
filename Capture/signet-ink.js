// The ink model of `signet render`, in the browser: the same width per sample (fixed, velocity,
// pressure; Sources/SignetStrokes/WidthFilter.swift), the same midpoint-quadratic smoothing
// (MidpointSmoother.swift) and the same shapes (Ink.swift, VariableWidthOutline.swift), painted
// on a 2D canvas. This file is their twin: keep the numbers in step with the Swift side; the
// browser tests compare this ink with `signet render` pixel by pixel (IoU of the ink masks).

/** The pen `signet render` uses when a capture names none (2.5 CSS px, black, fixed). */
export const DEFAULT_PEN = Object.freeze({
  color: '#000000',
  width: 2.5,
  minWidth: 0.5,
  maxWidth: 2.5,
  velocityFilterWeight: 0.7,
  widthModel: 'fixed',
});

export const WIDTH_MODELS = Object.freeze(['fixed', 'velocity', 'pressure']);

/** `model` when it is one of WIDTH_MODELS; a RangeError naming them otherwise. */
export function checkedWidthModel(model) {
  if (!WIDTH_MODELS.includes(model))
    throw new RangeError(`widthModel is one of ${WIDTH_MODELS.join(', ')}, not ${model}`);
  return model;
}

/** Diameter of a one-point stroke (Pen.dotDiameter). */
export function dotDiameter(pen) {
  if (pen.dotSize > 0) return pen.dotSize;
  return pen.widthModel === 'fixed' ? pen.width : (pen.minWidth + pen.maxWidth) / 2;
}

/**
 * The lowest and highest force of a stroke's samples so far (a missing force counts as 0): the
 * pressure model draws with pressure only when it varies (WidthFilter.pressureVaries).
 */
export class ForceRange {
  lo = Infinity;
  hi = -Infinity;

  add(sample) {
    const f = sample.force ?? 0;
    if (f < this.lo) this.lo = f;
    if (f > this.hi) this.hi = f;
  }

  get varies() {
    return this.hi - this.lo > 1e-3;
  }

  /** The width model `pen` draws these samples with: pressure falls back to fixed when pressure is constant. */
  modelFor(pen) {
    if (pen.widthModel !== 'pressure') return pen.widthModel;
    return this.varies ? 'pressure' : 'fixed';
  }
}

/**
 * Width per sample as samples arrive (WidthFilter): causal, so a live stroke and the whole
 * stroke get the same numbers. `model` is the pen's model after the pressure fallback.
 */
export class WidthFilter {
  #pen;
  #model;
  #last = null;
  #velocity = 0;

  constructor(pen, model = pen.widthModel) {
    this.#pen = pen;
    this.#model = model;
  }

  /** The width model these widths follow. */
  get model() {
    return this.#model;
  }

  /** The width at `sample`, the next sample of the stroke. */
  next(sample) {
    const pen = this.#pen;
    const last = this.#last;
    this.#last = sample;
    switch (this.#model) {
      case 'pressure': {
        const f = Math.min(Math.max(sample.force ?? 0.5, 0), 1);
        return pen.minWidth + (pen.maxWidth - pen.minWidth) * f;
      }
      case 'velocity': {
        if (!last) return (pen.minWidth + pen.maxWidth) / 2;
        // Repeated or backwards timestamps keep the previous velocity (CSS px per ms).
        if (last.t != null && sample.t != null && sample.t > last.t) {
          const v = Math.hypot(sample.x - last.x, sample.y - last.y) / (sample.t - last.t);
          const w = pen.velocityFilterWeight;
          this.#velocity = w * v + (1 - w) * this.#velocity;
        }
        return Math.max(pen.maxWidth / (this.#velocity + 1), pen.minWidth);
      }
      default:
        return pen.width;
    }
  }
}

/** The samples without consecutive repeats of one position (the first of a run is kept). */
export function deduplicated(samples) {
  const out = [];
  for (const s of samples) {
    const last = out[out.length - 1];
    if (!last || last.x !== s.x || last.y !== s.y) out.push(s);
  }
  return out;
}

/** The width model a whole stroke is drawn with (ForceRange.modelFor over its samples). */
export function effectiveModel(pen, samples) {
  const range = new ForceRange();
  for (const s of samples) range.add(s);
  return range.modelFor(pen);
}

function mid(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * Segment `i` of the smoothed center line through `pts` (n ≥ 2) with widths `ws`: segment 0 runs
 * straight to mid(p0, p1), inner segment i curves through control p_i between the midpoints, and
 * segment n−1 runs straight to the last sample (MidpointSmoother.segments).
 */
export function segment(pts, ws, i) {
  const n = pts.length;
  if (i === 0) {
    return { s: pts[0], c: pts[0], e: mid(pts[0], pts[1]), sw: ws[0], ew: (ws[0] + ws[1]) / 2 };
  }
  if (i === n - 1) {
    const last = pts[n - 1];
    return { s: mid(pts[n - 2], last), c: last, e: last, sw: (ws[n - 2] + ws[n - 1]) / 2, ew: ws[n - 1] };
  }
  return {
    s: mid(pts[i - 1], pts[i]),
    c: pts[i],
    e: mid(pts[i], pts[i + 1]),
    sw: (ws[i - 1] + ws[i]) / 2,
    ew: (ws[i] + ws[i + 1]) / 2,
  };
}

function quadPoint(g, t) {
  const u = 1 - t;
  return {
    x: u * u * g.s.x + 2 * u * t * g.c.x + t * t * g.e.x,
    y: u * u * g.s.y + 2 * u * t * g.c.y + t * t * g.e.y,
  };
}

// The variable-width outline, twin of Sources/SignetStrokes/VariableWidthOutline.swift (keep the
// two in step): the union of the discs along the centre line, one convex hull of two end discs
// per chord, each hull wound the same way, so one nonzero fill paints the union seamlessly.

/** How far a chord may stray from the curve, as a fraction of the ink width there. */
const FLATNESS = 0.01;
/** The most a chord may turn from the previous one, in radians. */
const MAX_TURN = 0.08;
/** Most chords per segment. */
const MAX_PIECES = 64;

/** How far the tangent turns along segment `g`, in radians (0 for a straight segment). */
function turn(g) {
  const ax = g.c.x - g.s.x;
  const ay = g.c.y - g.s.y;
  const bx = g.e.x - g.c.x;
  const by = g.e.y - g.c.y;
  if ((ax === 0 && ay === 0) || (bx === 0 && by === 0)) return 0;
  return Math.abs(Math.atan2(ax * by - ay * bx, ax * bx + ay * by));
}

/** Chords for segment `g`: each within FLATNESS × width of the curve, turning at most MAX_TURN. */
export function pieces(g) {
  const bx = g.s.x - g.c.x * 2 + g.e.x;
  const by = g.s.y - g.c.y * 2 + g.e.y;
  // A quadratic strays at most |P0 − 2Q + P2| / 4 from its chord; k chords stray a k²-th of that.
  const sag = Math.sqrt(bx * bx + by * by) / 4;
  const width = Math.max(Math.min(g.sw, g.ew), 1e-9);
  const bySag = Math.sqrt(sag / (FLATNESS * width));
  return Math.min(Math.max(Math.ceil(Math.max(bySag, turn(g) / MAX_TURN)), 1), MAX_PIECES);
}

// The outline is traced into a path sink: anything with moveTo, lineTo and arc as a 2D canvas
// context has them (the context itself, a Path2D, or SVGPathData below), so the canvas, the
// image exports and the SVG export draw one outline.
//
// Discs and hulls are filled, never stroked, so their subpaths stay open: a fill closes each one
// itself, and Chromium's closePath() takes time in proportion to the whole path (a 2,000-sample
// stroke of 10,000 hulls takes 0.6 s to build with closePath, 6 ms without).

/** Adds a disc of radius `r` at `p` to the path, of increasing angle like the hulls. */
function disc(path, p, r) {
  path.moveTo(p.x + r, p.y);
  path.arc(p.x, p.y, r, 0, 2 * Math.PI);
}

/**
 * Adds the convex hull of the discs (a, ra) and (b, rb) without the arc around `a` (the disc at
 * `a` is in the previous hull): the two tangent lines and the far arc; a whole disc when one disc
 * holds the other.
 */
function hull(path, a, ra, b, rb) {
  const d = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  if (!(d > Math.abs(ra - rb))) {
    // One disc holds the other: the hull is the larger one, already drawn when it is `a`'s.
    if (rb > ra) disc(path, b, rb);
    return;
  }
  // Both tangent lines make the angle φ with the chord: sin φ = (ra − rb) / d.
  const direction = Math.atan2(b.y - a.y, b.x - a.x);
  const half = Math.PI / 2 - Math.asin((ra - rb) / d);
  const right = direction - half;
  const left = direction + half;
  path.moveTo(a.x + ra * Math.cos(right), a.y + ra * Math.sin(right));
  path.lineTo(b.x + rb * Math.cos(right), b.y + rb * Math.sin(right));
  path.arc(b.x, b.y, rb, right, left);
  path.lineTo(a.x + ra * Math.cos(left), a.y + ra * Math.sin(left));
}

/** The ends of segment `g`'s chords, in order (the last is `g.e`), with the ink radius there. */
function chords(g) {
  const k = pieces(g);
  const out = [];
  for (let j = 1; j <= k; j++) {
    const t = j / k;
    out.push({ p: j === k ? g.e : quadPoint(g, t), r: (g.sw + (g.ew - g.sw) * t) / 2 });
  }
  return out;
}

/**
 * Traces segments `from`…`to − 1` of a stroke into `path` (Ink.swift). A variable width traces
 * its outline, to be filled once (nonzero): the start disc when `from` is 0 (the round start cap),
 * then one hull per chord, the last far arc being the round end cap. A fixed width traces the
 * centre line through the same chords, to be stroked with round caps and joins: Skia strokes a
 * quadratic by approximating its offset curves, which strays up to 0.2 px from the width cairo
 * draws (it flattens the line first).
 */
export function traceSegments(path, pts, ws, from, to, fixed) {
  if (to <= from) return;
  const first = segment(pts, ws, from);
  let a = first.s;
  let ra = first.sw / 2;
  if (fixed) path.moveTo(a.x, a.y);
  else if (from === 0) disc(path, a, ra);
  for (let i = from; i < to; i++) {
    for (const { p, r } of chords(i === from ? first : segment(pts, ws, i))) {
      if (fixed) path.lineTo(p.x, p.y);
      else hull(path, a, ra, p, r);
      a = p;
      ra = r;
    }
  }
}

/**
 * Traces a whole stroke (samples as recorded) the way `signet render` draws it and says how to
 * paint the path: `{ lineWidth }` to stroke it with round caps and joins, `{ fill: true }` to fill
 * it (nonzero), or null when there is nothing to paint.
 */
export function traceStroke(path, pen, samples) {
  const pts = deduplicated(samples);
  if (pts.length === 0) return null;
  if (pts.length === 1) {
    disc(path, pts[0], dotDiameter(pen) / 2);
    return { fill: true };
  }
  const filter = new WidthFilter(pen, effectiveModel(pen, pts));
  const ws = pts.map((p) => filter.next(p));
  const fixed = ws.every((w) => w === ws[0]);
  traceSegments(path, pts, ws, 0, pts.length, fixed);
  return fixed ? { lineWidth: ws[0] } : { fill: true };
}

/** Paints the path traced into `ctx` in the pen's colour, as traceStroke or traceSegments said. */
function inkPath(ctx, pen, paint) {
  if (paint.fill) {
    ctx.fillStyle = pen.color;
    ctx.fill('nonzero');
  } else {
    ctx.lineWidth = paint.lineWidth;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = pen.color;
    ctx.stroke();
  }
}

/** Paints segments `from`…`to − 1` of a stroke as one path (traceSegments). */
export function paintSegments(ctx, pen, pts, ws, from, to, fixed) {
  if (to <= from) return;
  ctx.beginPath();
  traceSegments(ctx, pts, ws, from, to, fixed);
  inkPath(ctx, pen, fixed ? { lineWidth: ws[0] } : { fill: true });
}

/** Paints a whole stroke (samples as recorded) the way `signet render` draws it. */
export function paintStroke(ctx, pen, samples) {
  ctx.beginPath();
  const paint = traceStroke(ctx, pen, samples);
  if (paint) inkPath(ctx, pen, paint);
}

/** A number for SVG path data: at most three decimals, no trailing zeros, never "-0". */
function svgNumber(v) {
  const s = String(Math.round(v * 1000) / 1000);
  return s === '-0' ? '0' : s;
}

/**
 * A path sink that writes SVG path data (`d`): moveTo, lineTo and arc as a 2D canvas context
 * does them (an arc of increasing angle, joined by a line to the current point; a whole turn
 * as two half arcs).
 */
export class SVGPathData {
  #parts = [];
  #at = null;

  #point(x, y) {
    return `${svgNumber(x)} ${svgNumber(y)}`;
  }

  moveTo(x, y) {
    this.#at = this.#point(x, y);
    this.#parts.push(`M${this.#at}`);
  }

  lineTo(x, y) {
    const to = this.#point(x, y);
    if (this.#at === null) this.#parts.push(`M${to}`);
    else if (to !== this.#at) this.#parts.push(`L${to}`);
    this.#at = to;
  }

  arc(cx, cy, r, start, end) {
    this.lineTo(cx + r * Math.cos(start), cy + r * Math.sin(start));
    const turn = 2 * Math.PI;
    let sweep = end - start;
    if (sweep >= turn) {
      const far = this.#point(cx - r * Math.cos(start), cy - r * Math.sin(start));
      this.#parts.push(
        `A${svgNumber(r)} ${svgNumber(r)} 0 0 1 ${far}`,
        `A${svgNumber(r)} ${svgNumber(r)} 0 0 1 ${this.#at}`,
      );
      return;
    }
    sweep = ((sweep % turn) + turn) % turn;
    if (sweep === 0) return;
    const to = this.#point(cx + r * Math.cos(end), cy + r * Math.sin(end));
    this.#parts.push(`A${svgNumber(r)} ${svgNumber(r)} 0 ${sweep > Math.PI ? 1 : 0} 1 ${to}`);
    this.#at = to;
  }

  toString() {
    return this.#parts.join('');
  }
}

function xmlAttribute(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** One stroke as an SVG `<path>` element, the outline the canvas paints; '' for no samples. */
export function strokeSVG(pen, samples) {
  const d = new SVGPathData();
  const paint = traceStroke(d, pen, samples);
  if (!paint) return '';
  const color = xmlAttribute(pen.color);
  if (paint.fill) return `<path d="${d}" fill="${color}"/>`;
  return (
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${svgNumber(paint.lineWidth)}"` +
    ' stroke-linecap="round" stroke-linejoin="round"/>'
  );
}

/**
 * A drawing (strokes of `{ pen, points }`) as an SVG document of `width` × `height` CSS px, its
 * background transparent (as `signet render`'s PNG) unless a `background` colour is given.
 */
export function drawingSVG(strokes, { width, height, background = null }) {
  const w = svgNumber(width);
  const h = svgNumber(height);
  const lines = [`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`];
  if (background) lines.push(`<rect width="100%" height="100%" fill="${xmlAttribute(background)}"/>`);
  for (const s of strokes) {
    const path = strokeSVG(s.pen, s.points);
    if (path) lines.push(path);
  }
  lines.push('</svg>', '');
  return lines.join('\n');
}
