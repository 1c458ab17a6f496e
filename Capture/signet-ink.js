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

/** Diameter of a one-point stroke (Pen.dotDiameter). */
export function dotDiameter(pen) {
  if (pen.dotSize > 0) return pen.dotSize;
  return pen.widthModel === 'fixed' ? pen.width : (pen.minWidth + pen.maxWidth) / 2;
}

/** True when a stroke's pressure varies enough for the pressure model (WidthFilter.pressureVaries). */
export function pressureVaries(lo, hi) {
  return hi - lo > 1e-3;
}

/**
 * Width per sample as samples arrive (WidthFilter): causal, so a live stroke and the whole
 * stroke get the same numbers. `model` is the pen's model after the pressure fallback.
 */
export class WidthFilter {
  constructor(pen, model = pen.widthModel) {
    this.pen = pen;
    this.model = model;
    this.last = null;
    this.velocity = 0;
  }

  next(sample) {
    const pen = this.pen;
    const last = this.last;
    this.last = sample;
    switch (this.model) {
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
          this.velocity = w * v + (1 - w) * this.velocity;
        }
        return Math.max(pen.maxWidth / (this.velocity + 1), pen.minWidth);
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

/** The width model a stroke is drawn with: pressure falls back to fixed when pressure is constant. */
export function effectiveModel(pen, samples) {
  if (pen.widthModel !== 'pressure') return pen.widthModel;
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of samples) {
    const f = s.force ?? 0;
    if (f < lo) lo = f;
    if (f > hi) hi = f;
  }
  return samples.length > 0 && pressureVaries(lo, hi) ? 'pressure' : 'fixed';
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

// Discs and hulls are filled, never stroked, so their subpaths stay open: a fill closes each one
// itself, and Chromium's closePath() takes time in proportion to the whole path (a 2,000-sample
// stroke of 10,000 hulls takes 0.6 s to build with closePath, 6 ms without).

/** Adds a disc of radius `r` at `p` to the current path, of increasing angle like the hulls. */
function disc(ctx, p, r) {
  ctx.moveTo(p.x + r, p.y);
  ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
}

/**
 * Adds the convex hull of the discs (a, ra) and (b, rb) without the arc around `a` (the disc at
 * `a` is in the previous hull): the two tangent lines and the far arc; a whole disc when one disc
 * holds the other.
 */
function hull(ctx, a, ra, b, rb) {
  const d = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  if (!(d > Math.abs(ra - rb))) {
    // One disc holds the other: the hull is the larger one, already drawn when it is `a`'s.
    if (rb > ra) disc(ctx, b, rb);
    return;
  }
  // Both tangent lines make the angle φ with the chord: sin φ = (ra − rb) / d.
  const direction = Math.atan2(b.y - a.y, b.x - a.x);
  const half = Math.PI / 2 - Math.asin((ra - rb) / d);
  const right = direction - half;
  const left = direction + half;
  ctx.moveTo(a.x + ra * Math.cos(right), a.y + ra * Math.sin(right));
  ctx.lineTo(b.x + rb * Math.cos(right), b.y + rb * Math.sin(right));
  ctx.arc(b.x, b.y, rb, right, left);
  ctx.lineTo(a.x + ra * Math.cos(left), a.y + ra * Math.sin(left));
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
 * Paints segments `from`…`to − 1` of a stroke as one path (Ink.swift). A variable width fills
 * its outline once (nonzero): the start disc when `from` is 0 (the round start cap), then one hull
 * per chord, the last far arc being the round end cap. A fixed width strokes the centre line with
 * round caps and joins, through the same chords: Skia strokes a quadratic by approximating its
 * offset curves, which strays up to 0.2 px from the width cairo draws (it flattens the line first).
 */
export function paintSegments(ctx, pen, pts, ws, from, to, fixed) {
  if (to <= from) return;
  ctx.beginPath();
  const first = segment(pts, ws, from);
  let a = first.s;
  let ra = first.sw / 2;
  if (fixed) ctx.moveTo(a.x, a.y);
  else if (from === 0) disc(ctx, a, ra);
  for (let i = from; i < to; i++) {
    for (const { p, r } of chords(i === from ? first : segment(pts, ws, i))) {
      if (fixed) ctx.lineTo(p.x, p.y);
      else hull(ctx, a, ra, p, r);
      a = p;
      ra = r;
    }
  }
  if (fixed) {
    ctx.lineWidth = ws[0];
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = pen.color;
    ctx.stroke();
  } else {
    ctx.fillStyle = pen.color;
    ctx.fill('nonzero');
  }
}

/** Paints a one-point stroke: a disc of the pen's dot diameter. */
export function paintDot(ctx, pen, p) {
  ctx.beginPath();
  disc(ctx, p, dotDiameter(pen) / 2);
  ctx.fillStyle = pen.color;
  ctx.fill('nonzero');
}

/** Paints a whole stroke (samples as recorded) the way `signet render` draws it. */
export function paintStroke(ctx, pen, samples) {
  const pts = deduplicated(samples);
  if (pts.length === 0) return;
  if (pts.length === 1) {
    paintDot(ctx, pen, pts[0]);
    return;
  }
  const filter = new WidthFilter(pen, effectiveModel(pen, pts));
  const ws = pts.map((p) => filter.next(p));
  const fixed = ws.every((w) => w === ws[0]);
  paintSegments(ctx, pen, pts, ws, 0, pts.length, fixed);
}
