// Strokes as <signet-pad> keeps them: the stroke being drawn (LiveStroke) and the drawing as Signet
// stroke JSON (version 1, docs/formats.md) both ways. No DOM here: the node tests load this file.
import { DEFAULT_PEN, ForceRange, paintSegments, WidthFilter } from './signet-ink.js';

// Browsers report these when a device has no pressure sensor (0.5 while a button is down).
const NO_PRESSURE = new Set([0, 0.5, 1]);

/**
 * The stroke under a pointer that is still down: every sample as recorded (the export), the
 * centre line without repeated positions (what is drawn) with a width per point, and how much of
 * it is already on the canvas. While the pressure is constant the pressure model draws the fixed
 * width; when it starts to vary, the widths so far are recomputed and `needsRepaint` says so.
 */
export class LiveStroke {
  /** Every sample, in order. */
  samples = [];
  /** True when the widths changed for the part already painted: the canvas must be repainted. */
  needsRepaint = false;
  #centre = [];
  #widths = [];
  #forces = new ForceRange();
  #filter;
  #paintedSegments = 0;

  /**
   * @param {number} pointerId the pointer drawing it
   * @param {string} pointerType 'pen', 'touch', 'mouse' or another type the browser names
   * @param {object} pen the pen it is drawn with (Signet JSON names)
   */
  constructor(pointerId, pointerType, pen) {
    this.pointerId = pointerId;
    this.pointerType = pointerType;
    this.pen = pen;
    this.#filter = new WidthFilter(pen, this.#forces.modelFor(pen));
  }

  /** The last sample, or undefined before the first. */
  get lastSample() {
    return this.samples[this.samples.length - 1];
  }

  /** Adds the next sample. */
  add(sample) {
    this.samples.push(sample);
    const tail = this.#centre[this.#centre.length - 1];
    if (tail && tail.x === sample.x && tail.y === sample.y) return;
    this.#centre.push(sample);
    this.#forces.add(sample);
    const model = this.#forces.modelFor(this.pen);
    if (model === this.#filter.model) {
      this.#widths.push(this.#filter.next(sample));
      return;
    }
    // The pressure started to vary: the stroke so far is drawn again with the pressure model.
    this.#filter = new WidthFilter(this.pen, model);
    this.#widths = this.#centre.map((p) => this.#filter.next(p));
    this.needsRepaint = true;
  }

  /** Makes the next paintSettled paint the stroke from its start (the canvas was cleared). */
  unpaint() {
    this.#paintedSegments = 0;
    this.needsRepaint = false;
  }

  /**
   * Paints the settled segments not painted yet; the last segment waits for the next sample or
   * the pen lifting (it ends at the last sample, which the next sample moves).
   */
  paintSettled(ctx) {
    const settled = this.#centre.length - 1;
    if (settled < 1 || settled <= this.#paintedSegments) return;
    const fixed = this.#filter.model === 'fixed';
    paintSegments(ctx, this.pen, this.#centre, this.#widths, this.#paintedSegments, settled, fixed);
    this.#paintedSegments = settled;
  }

  /**
   * The finished stroke `{ pointerType, pen, points }`, or null when it has no sample. A device
   * without a pressure sensor reports one constant (0.5 while pressed): that is not pressure, so
   * its force is dropped.
   */
  finished() {
    if (this.samples.length === 0) return null;
    const first = this.samples[0].force;
    const points = this.samples.map((p) => ({ ...p }));
    if (first !== undefined && NO_PRESSURE.has(first) && points.every((p) => p.force === first)) {
      for (const p of points) delete p.force;
    }
    return { pointerType: this.pointerType, pen: this.pen, points };
  }
}

/** A pen as Signet stroke JSON writes it (only what differs from the defaults beyond the model). */
export function penJSON(pen) {
  const out = { color: pen.color, widthModel: pen.widthModel };
  if (pen.widthModel === 'fixed') out.width = pen.width;
  else Object.assign(out, { minWidth: pen.minWidth, maxWidth: pen.maxWidth });
  if (pen.dotSize > 0) out.dotSize = pen.dotSize;
  if (pen.velocityFilterWeight !== DEFAULT_PEN.velocityFilterWeight)
    out.velocityFilterWeight = pen.velocityFilterWeight;
  return out;
}

function samePen(a, b) {
  return JSON.stringify(penJSON(a)) === JSON.stringify(penJSON(b));
}

/**
 * The drawing as a Signet stroke JSON object: `strokes` of `{ pointerType, pen, points }`, the
 * pen of new strokes when there are none, the canvas size in CSS px and the writer's name.
 */
export function drawingJSON({ strokes, pen, size, capturedBy }) {
  const drawingPen = strokes[0]?.pen ?? pen;
  return {
    format: 'signet-strokes',
    version: 1,
    canvas: { width: size.width, height: size.height },
    unitsPerInch: 96,
    pen: penJSON(drawingPen),
    capturedBy,
    strokes: strokes.map((s) => {
      const out = { pointerType: s.pointerType };
      if (!samePen(s.pen, drawingPen)) out.pen = penJSON(s.pen);
      out.points = s.points.map((p) => ({ ...p }));
      return out;
    }),
  };
}

/** The strokes of a Signet stroke JSON object (full or compact `[x, y, t, force]` points). */
export function strokesFromJSON(obj) {
  if (!obj || !Array.isArray(obj.strokes)) throw new TypeError('a Signet stroke JSON object has "strokes"');
  const base = { ...DEFAULT_PEN, ...(obj.pen ?? {}) };
  return obj.strokes.map((s) => {
    const raw = Array.isArray(s) ? s : s.points;
    const points = raw.map((p) => {
      const [x, y, t, force] = Array.isArray(p) ? p : [p.x, p.y, p.t, p.force];
      const out = { x, y };
      if (t != null) out.t = t;
      if (force != null) out.force = force;
      if (!Array.isArray(p) && p.tiltX != null) Object.assign(out, { tiltX: p.tiltX, tiltY: p.tiltY });
      return out;
    });
    return { pointerType: s.pointerType ?? 'unknown', pen: { ...base, ...(s.pen ?? {}) }, points };
  });
}
