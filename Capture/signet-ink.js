// The ink model of `signet render`, in the browser: the same width per sample (fixed, velocity,
// pressure; Sources/SignetStrokes/WidthFilter.swift) and the same midpoint-quadratic smoothing
// (MidpointSmoother.swift), painted on a 2D canvas. Keep the numbers in step with the Swift side:
// the browser tests compare this ink with `signet render` pixel by pixel (IoU of the ink masks).

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

/** Adds a disc of diameter `width` at `p` to the current path (wound like the quads below). */
function disc(ctx, p, width) {
  ctx.moveTo(p.x + width / 2, p.y);
  ctx.arc(p.x, p.y, width / 2, 0, 2 * Math.PI);
  ctx.closePath();
}

/** Adds the quadrilateral covering chord a→b with half-widths ra, rb, wound positively. */
function quad(ctx, a, ra, b, rb) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len === 0) return;
  const nx = -dy / len;
  const ny = dx / len;
  const c = [
    [a.x + nx * ra, a.y + ny * ra],
    [b.x + nx * rb, b.y + ny * rb],
    [b.x - nx * rb, b.y - ny * rb],
    [a.x - nx * ra, a.y - ny * ra],
  ];
  let area = 0;
  for (let k = 0; k < 4; k++) {
    const q = c[(k + 1) % 4];
    area += c[k][0] * q[1] - q[0] * c[k][1];
  }
  if (area < 0) c.reverse();
  ctx.moveTo(c[0][0], c[0][1]);
  for (let k = 1; k < 4; k++) ctx.lineTo(c[k][0], c[k][1]);
  ctx.closePath();
}

/** Adds a variable-width segment (chords with discs at the ends) to the current path. */
export function outlineSegment(ctx, g, first) {
  if (first) disc(ctx, g.s, g.sw);
  const hull = Math.hypot(g.c.x - g.s.x, g.c.y - g.s.y) + Math.hypot(g.e.x - g.c.x, g.e.y - g.c.y);
  const w = Math.max(Math.min(g.sw, g.ew), 0.25);
  const k = Math.min(Math.max(Math.ceil(hull / w), 1), 12);
  let a = g.s;
  for (let j = 1; j <= k; j++) {
    const t = j / k;
    const b = quadPoint(g, t);
    const ra = (g.sw + ((g.ew - g.sw) * (j - 1)) / k) / 2;
    const rb = (g.sw + (g.ew - g.sw) * t) / 2;
    quad(ctx, a, ra, b, rb);
    a = b;
  }
  disc(ctx, g.e, g.ew);
}

/** Paints segments `from`…`to − 1` of a stroke: stroked when the width is fixed, filled outlines otherwise. */
export function paintSegments(ctx, pen, pts, ws, from, to, fixed) {
  if (to <= from) return;
  ctx.beginPath();
  if (fixed) {
    const g0 = segment(pts, ws, from);
    ctx.moveTo(g0.s.x, g0.s.y);
    for (let i = from; i < to; i++) {
      const g = i === from ? g0 : segment(pts, ws, i);
      ctx.quadraticCurveTo(g.c.x, g.c.y, g.e.x, g.e.y);
    }
    ctx.lineWidth = ws[0];
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = pen.color;
    ctx.stroke();
  } else {
    // One small path per segment: Skia fills thousands of tiny paths far faster than one path of
    // thousands of subpaths, and the live stroke is painted the same way.
    ctx.fillStyle = pen.color;
    for (let i = from; i < to; i++) {
      if (i > from) ctx.beginPath();
      outlineSegment(ctx, segment(pts, ws, i), i === 0);
      ctx.fill('nonzero');
    }
  }
}

/** Paints a one-point stroke: a disc of the pen's dot diameter. */
export function paintDot(ctx, pen, p) {
  ctx.beginPath();
  disc(ctx, p, dotDiameter(pen));
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
