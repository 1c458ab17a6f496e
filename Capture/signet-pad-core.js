// SignetPad: the pad over a canvas that <signet-pad> (signet-pad.js) wraps. It records what the
// pen really did (every coalesced sample, real pressure only, tilt and pointer type) and draws it
// live with `signet render`'s own ink model, so the exported Signet stroke JSON renders to the
// picture the signer saw. Import it from signet-pad.js, which re-exports it.
import { checkedWidthModel, DEFAULT_PEN, drawingSVG, paintStroke } from './signet-ink.js';
import { drawingJSON, LiveStroke, strokesFromJSON } from './signet-stroke.js';

export const VERSION = '0.2.0';

const round = (v, step) => Math.round(v / step) / Math.round(1 / step);

/**
 * The pad over a canvas: `new SignetPad(canvas, { penColor, penWidth, dotSize, widthModel,
 * backgroundColor, readOnly, eventTarget, attach, onChange })`. Events `signet-stroke` (a stroke
 * finished; `detail.stroke`) and `signet-change` (`detail.strokeCount`, `detail.cause`) are
 * dispatched on `eventTarget` (default: the canvas), bubbling and composed. The pad listens to
 * its canvas and the window from construction (unless `attach: false`) until `detach()`.
 */
export class SignetPad {
  /** The pen's colour (any CSS colour Signet reads). */
  penColor;
  /** The pen's width in CSS px (variable models span 20–100 % of it). */
  penWidth;
  /** The diameter of a tap's dot in CSS px; 0 or null: as wide as a line (`penWidth`). */
  dotSize;
  /** The colour a JPEG export is flattened onto (the canvas and PNG and SVG exports stay transparent). */
  backgroundColor;
  /** Input is ignored while true. */
  readOnly;
  /** Input is ignored while true (a disabled form control). */
  disabled = false;
  #canvas;
  #ctx;
  #target;
  #onChange;
  #widthModel;
  /** Finished strokes `{ pointerType, pen, points }`. */
  #strokes = [];
  /** The stroke being drawn, or null. */
  #live = null;
  /** Pens in contact: touches are ignored meanwhile (palm rejection). */
  #pensDown = new Set();
  /** The event time of the drawing's t = 0, or null before the first contact. */
  #timeOrigin = null;
  #frameRequest = 0;
  #size = { width: 0, height: 0, ratio: 1 };
  /** Aborting it removes every listener the pad added; null while detached. */
  #listening = null;
  #resizeObserver = null;

  constructor(canvas, options = {}) {
    this.#canvas = canvas;
    this.#ctx = canvas.getContext('2d');
    this.#target = options.eventTarget ?? canvas;
    this.#onChange = options.onChange ?? null;
    this.penColor = options.penColor ?? DEFAULT_PEN.color;
    this.penWidth = options.penWidth ?? DEFAULT_PEN.width;
    this.dotSize = options.dotSize ?? null;
    this.widthModel = options.widthModel ?? 'pressure';
    this.backgroundColor = options.backgroundColor ?? '#ffffff';
    this.readOnly = options.readOnly ?? false;
    canvas.style.touchAction = 'none';
    canvas.style.userSelect = 'none';
    if (options.attach ?? true) this.attach();
  }

  /** The canvas the pad draws on. */
  get canvas() {
    return this.#canvas;
  }

  /** 'fixed', 'velocity' or 'pressure' (a RangeError for anything else). */
  get widthModel() {
    return this.#widthModel;
  }

  set widthModel(model) {
    this.#widthModel = checkedWidthModel(model);
  }

  /** True while the pad listens to its canvas and the window (between attach and detach). */
  get isAttached() {
    return this.#listening !== null;
  }

  /** Starts listening to the canvas's pointers, its size and the window's zoom (again after detach). */
  attach() {
    if (this.#listening) return;
    this.#listening = new AbortController();
    const options = { signal: this.#listening.signal };
    const canvas = this.#canvas;
    canvas.addEventListener('pointerdown', (e) => this.#pointerDown(e), options);
    canvas.addEventListener('pointermove', (e) => this.#pointerMove(e), options);
    canvas.addEventListener('pointerup', (e) => this.#pointerUp(e), options);
    canvas.addEventListener('pointercancel', (e) => this.#pointerCancel(e), options);
    // A zoom changes devicePixelRatio without resizing the canvas in CSS pixels.
    window.addEventListener('resize', () => this.resize(), options);
    if (typeof ResizeObserver === 'function') {
      this.#resizeObserver = new ResizeObserver(() => this.resize());
      this.#resizeObserver.observe(canvas);
    }
    this.resize();
  }

  /** Removes every listener and observer the pad added and drops a stroke in progress; strokes stay. */
  detach() {
    if (!this.#listening) return;
    this.#listening.abort();
    this.#listening = null;
    this.#resizeObserver?.disconnect();
    this.#resizeObserver = null;
    this.#cancelFrame();
    this.#live = null;
    this.#pensDown.clear();
  }

  /** The pen new strokes get, as Signet JSON names it (variable pens span 20–100 % of penWidth). */
  get pen() {
    const width = Number(this.penWidth);
    const pen = {
      color: String(this.penColor),
      width,
      minWidth: width / 5,
      maxWidth: width,
      velocityFilterWeight: DEFAULT_PEN.velocityFilterWeight,
      widthModel: this.widthModel,
    };
    const dot = Number(this.dotSize);
    pen.dotSize = dot > 0 ? dot : width;
    return pen;
  }

  /** True when nothing has been drawn. */
  get isEmpty() {
    return this.#strokes.length === 0;
  }

  /** How many strokes the drawing has. */
  get strokeCount() {
    return this.#strokes.length;
  }

  /** The drawing as a Signet stroke JSON object (version 1; docs/formats.md). */
  toJSON() {
    return drawingJSON({
      strokes: this.#strokes,
      pen: this.pen,
      size: this.#size,
      capturedBy: `signet-pad ${VERSION}`,
    });
  }

  /** Replaces the drawing with a Signet stroke JSON object (full or compact points). */
  fromJSON(obj) {
    this.#strokes = strokesFromJSON(obj);
    this.#restart('fromJSON');
  }

  /** Removes every stroke. */
  clear() {
    this.#strokes = [];
    this.#restart('clear');
  }

  /** Removes the last stroke. */
  undo() {
    if (this.#strokes.length === 0) return;
    this.#strokes.pop();
    if (this.#strokes.length === 0) this.#timeOrigin = null;
    this.redraw();
    this.#changed('undo');
  }

  /**
   * The finished strokes as an image `data:` URL, at the canvas's resolution (CSS size ×
   * devicePixelRatio): `image/png` (the default) keeps the background transparent, `image/jpeg`
   * (`quality` 0–1) flattens the ink onto `backgroundColor`.
   */
  toDataURL(type = 'image/png', quality = undefined) {
    return this.#exportCanvas(type).toDataURL(type, quality);
  }

  /** As toDataURL, as a Blob. */
  toBlob(type = 'image/png', quality = undefined) {
    const canvas = this.#exportCanvas(type);
    return new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(`no ${type} image`))), type, quality);
    });
  }

  /** The finished strokes as an SVG document in CSS px, the outline the canvas paints, transparent. */
  toSVG() {
    return drawingSVG(this.#strokes, this.#size);
  }

  /** Matches the canvas's backing store to its CSS size × devicePixelRatio and redraws. */
  resize() {
    if (!this.#canvas.isConnected) return; // a detached canvas measures 0 × 0
    const rect = this.#canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = rect;
    const size = this.#size;
    if (width === size.width && height === size.height && ratio === size.ratio) return;
    this.#size = { width, height, ratio };
    this.#canvas.width = Math.max(1, Math.round(width * ratio));
    this.#canvas.height = Math.max(1, Math.round(height * ratio));
    this.redraw();
  }

  /** Paints every stroke from the recorded samples (what `signet render` would draw). */
  redraw() {
    const ctx = this.#ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.#canvas.width, this.#canvas.height);
    ctx.setTransform(this.#size.ratio, 0, 0, this.#size.ratio, 0, 0);
    for (const s of this.#strokes) paintStroke(ctx, s.pen, s.points);
    if (this.#live) {
      this.#live.unpaint();
      this.#live.paintSettled(ctx);
    }
  }

  /** A canvas of the export: the finished strokes at the canvas's resolution, on the background for JPEG. */
  #exportCanvas(type) {
    const canvas = document.createElement('canvas');
    canvas.width = this.#canvas.width;
    canvas.height = this.#canvas.height;
    const ctx = canvas.getContext('2d');
    if (type === 'image/jpeg') {
      ctx.fillStyle = this.backgroundColor;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.setTransform(this.#size.ratio, 0, 0, this.#size.ratio, 0, 0);
    for (const s of this.#strokes) paintStroke(ctx, s.pen, s.points);
    return canvas;
  }

  #restart(cause) {
    this.#live = null;
    this.#timeOrigin = null;
    this.redraw();
    this.#changed(cause);
  }

  #changed(cause) {
    this.#onChange?.();
    this.#emit('signet-change', { strokeCount: this.#strokes.length, cause });
  }

  #emit(type, detail) {
    this.#target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #ignoresInput() {
    return this.readOnly || this.disabled;
  }

  #pointerDown(e) {
    if (this.#ignoresInput()) return;
    if (e.pointerType === 'pen') this.#pensDown.add(e.pointerId);
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (e.pointerType === 'pen' && e.button === 5) return; // the eraser end
    if (this.#live) {
      // A pen landing during a touch stroke: that touch was the palm. Anything else is a second contact.
      if (!(e.pointerType === 'pen' && this.#live.pointerType === 'touch')) return;
      this.#live = null;
      this.redraw();
    }
    if (e.pointerType === 'touch' && this.#pensDown.size > 0) return; // palm rejection
    e.preventDefault();
    try {
      this.#canvas.setPointerCapture?.(e.pointerId);
    } catch {
      // A pointer that is already gone: the stroke is recorded without capture.
    }
    if (this.#timeOrigin === null) this.#timeOrigin = e.timeStamp - this.#nextStrokeStart();
    this.#live = new LiveStroke(e.pointerId, e.pointerType || 'unknown', this.pen);
    this.#record(e);
    this.#scheduleFrame();
  }

  #pointerMove(e) {
    if (e.pointerId !== this.#live?.pointerId) return;
    // Every sample since the last event (not one per frame); predicted events are never used.
    const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    if (events.length === 0) this.#record(e);
    else for (const c of events) this.#record(c);
    this.#scheduleFrame();
  }

  #pointerUp(e) {
    if (e.pointerType === 'pen') this.#pensDown.delete(e.pointerId);
    const live = this.#live;
    if (e.pointerId !== live?.pointerId) return;
    const last = live.lastSample;
    const [x, y] = this.#position(e);
    if (last && (x !== last.x || y !== last.y)) this.#record(e, last.force);
    this.#finish();
  }

  #pointerCancel(e) {
    if (e.pointerType === 'pen') this.#pensDown.delete(e.pointerId);
    if (e.pointerId !== this.#live?.pointerId) return;
    this.#live = null; // a cancelled contact (a palm, a system gesture) leaves no ink
    this.redraw();
  }

  #position(e) {
    const rect = this.#canvas.getBoundingClientRect();
    return [round(e.clientX - rect.left, 0.01), round(e.clientY - rect.top, 0.01)];
  }

  /** Where the next stroke starts on the drawing's clock: 500 ms after the last sample, or 0. */
  #nextStrokeStart() {
    let t = 0;
    for (const s of this.#strokes) for (const p of s.points) if (p.t > t) t = p.t;
    return this.#strokes.length > 0 ? t + 500 : 0;
  }

  #record(e, force) {
    const live = this.#live;
    const [x, y] = this.#position(e);
    // Timestamps in ms from the drawing's start, never going back.
    const t = Math.max(round(e.timeStamp - this.#timeOrigin, 0.001), live.lastSample?.t ?? 0);
    const sample = { x, y, t };
    if (live.pointerType !== 'mouse') {
      const pressure = force ?? e.pressure;
      if (typeof pressure === 'number') sample.force = round(pressure, 0.0001);
    }
    if (live.pointerType === 'pen') {
      sample.tiltX = e.tiltX ?? 0;
      sample.tiltY = e.tiltY ?? 0;
    }
    live.add(sample);
  }

  #scheduleFrame() {
    if (this.#frameRequest) return;
    this.#frameRequest = requestAnimationFrame(() => this.#drawFrame());
  }

  #cancelFrame() {
    if (this.#frameRequest) cancelAnimationFrame(this.#frameRequest);
    this.#frameRequest = 0;
  }

  #drawFrame() {
    this.#frameRequest = 0;
    const live = this.#live;
    if (!live) return;
    if (live.needsRepaint) this.redraw();
    else live.paintSettled(this.#ctx);
  }

  #finish() {
    const stroke = this.#live.finished();
    this.#live = null;
    this.#cancelFrame();
    if (!stroke) return;
    this.#strokes.push(stroke);
    // Painted again whole, one path per stroke: the canvas then is what `signet render` draws (the
    // live pieces overlap, and their antialiased edges would add up where they meet).
    this.redraw();
    this.#emit('signet-stroke', { stroke: this.toJSON().strokes[this.#strokes.length - 1] });
    this.#changed('stroke');
  }
}
