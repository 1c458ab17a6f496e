// <signet-pad>: a signature pad that records what the pen really did (every coalesced sample,
// real pressure only, tilt and pointer type) and draws it live with `signet render`'s own ink
// model, so the exported Signet stroke JSON renders to the picture the signer saw.
// A plain ES module without dependencies: `import { SignetPad } from './signet-pad.js'`.
import {
  DEFAULT_PEN,
  WIDTH_MODELS,
  WidthFilter,
  effectiveModel,
  paintSegments,
  paintStroke,
} from './signet-ink.js';

export const VERSION = '0.1.0';

const round = (v, step) => Math.round(v / step) / Math.round(1 / step);
// Browsers report these when a device has no pressure sensor (0.5 while a button is down).
const NO_PRESSURE = new Set([0, 0.5, 1]);

/**
 * The pad over a canvas: `new SignetPad(canvas, { penColor, penWidth, widthModel, readOnly })`.
 * Events `signet-stroke` (a stroke finished; detail.stroke) and `signet-change` (detail.strokes)
 * are dispatched on `options.eventTarget` (default: the canvas), bubbling and composed.
 */
export class SignetPad {
  constructor(canvas, options = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this._target = options.eventTarget ?? canvas;
    this.penColor = options.penColor ?? DEFAULT_PEN.color;
    this.penWidth = options.penWidth ?? DEFAULT_PEN.width;
    this.widthModel = options.widthModel ?? 'pressure';
    this.readOnly = options.readOnly ?? false;
    this._strokes = [];
    this._active = null;
    this._pens = new Set();
    this._origin = null;
    this._frame = 0;
    this._size = { width: 0, height: 0, ratio: 1 };
    for (const [type, handler] of [
      ['pointerdown', this._onPointerDown],
      ['pointermove', this._onPointerMove],
      ['pointerup', this._onPointerUp],
      ['pointercancel', this._onPointerCancel],
    ]) {
      canvas.addEventListener(type, handler.bind(this));
    }
    canvas.style.touchAction = 'none';
    canvas.style.userSelect = 'none';
    if (typeof ResizeObserver === 'function') {
      this._resizer = new ResizeObserver(() => this.resize());
      this._resizer.observe(canvas);
    }
    // A zoom changes devicePixelRatio without resizing the canvas in CSS pixels.
    window.addEventListener('resize', () => this.resize());
    this.resize();
  }

  get widthModel() {
    return this._widthModel;
  }

  set widthModel(model) {
    if (!WIDTH_MODELS.includes(model)) throw new RangeError(`widthModel is one of ${WIDTH_MODELS.join(', ')}`);
    this._widthModel = model;
  }

  /** The pen new strokes get, as Signet JSON names it (variable pens span 20–100 % of penWidth). */
  get pen() {
    const width = Number(this.penWidth);
    return {
      color: String(this.penColor),
      width,
      minWidth: width / 5,
      maxWidth: width,
      velocityFilterWeight: DEFAULT_PEN.velocityFilterWeight,
      widthModel: this.widthModel,
    };
  }

  /** True when nothing has been drawn. */
  get isEmpty() {
    return this._strokes.length === 0;
  }

  /** The drawing as a Signet stroke JSON object (version 1; docs/formats.md). */
  toJSON() {
    const pen = this._strokes[0]?.pen ?? this.pen;
    const { width, height } = this._size;
    return {
      format: 'signet-strokes',
      version: 1,
      canvas: { width, height },
      unitsPerInch: 96,
      pen: penJSON(pen),
      capturedBy: `signet-pad ${VERSION}`,
      strokes: this._strokes.map((s) => {
        const out = { pointerType: s.pointerType };
        if (!samePen(s.pen, pen)) out.pen = penJSON(s.pen);
        out.points = s.points.map((p) => ({ ...p }));
        return out;
      }),
    };
  }

  /** Replaces the drawing with a Signet stroke JSON object (full or compact points). */
  fromJSON(obj) {
    if (!obj || !Array.isArray(obj.strokes)) throw new TypeError('a Signet stroke JSON object has "strokes"');
    const base = { ...DEFAULT_PEN, ...(obj.pen ?? {}) };
    this._strokes = obj.strokes.map((s) => {
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
    this._active = null;
    this._origin = null;
    this.redraw();
    this._changed();
  }

  /** Removes every stroke. */
  clear() {
    this._strokes = [];
    this._active = null;
    this._origin = null;
    this.redraw();
    this._changed();
  }

  /** Removes the last stroke. */
  undo() {
    if (this._strokes.length === 0) return;
    this._strokes.pop();
    if (this._strokes.length === 0) this._origin = null;
    this.redraw();
    this._changed();
  }

  /** Matches the canvas's backing store to its CSS size × devicePixelRatio and redraws. */
  resize() {
    const rect = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const width = rect.width;
    const height = rect.height;
    if (width === this._size.width && height === this._size.height && ratio === this._size.ratio) return;
    this._size = { width, height, ratio };
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    this.redraw();
  }

  /** Paints every stroke from the recorded samples (what `signet render` would draw). */
  redraw() {
    const { ctx, canvas } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(this._size.ratio, 0, 0, this._size.ratio, 0, 0);
    for (const s of this._strokes) paintStroke(ctx, s.pen, s.points);
    const live = this._active;
    if (live) {
      live.drawn = 0;
      this._paintLive();
    }
  }

  _changed() {
    this._emit('signet-change', { strokes: this._strokes.length });
  }

  _emit(type, detail) {
    this._target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  _onPointerDown(e) {
    if (this.readOnly) return;
    if (e.pointerType === 'pen') this._pens.add(e.pointerId);
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (e.pointerType === 'pen' && e.button === 5) return; // the eraser end
    const active = this._active;
    if (active) {
      // A pen landing during a touch stroke: that touch was the palm. Anything else is a second contact.
      if (!(e.pointerType === 'pen' && active.pointerType === 'touch')) return;
      this._active = null;
      this.redraw();
    }
    if (e.pointerType === 'touch' && this._pens.size > 0) return; // palm rejection
    e.preventDefault();
    try {
      this.canvas.setPointerCapture?.(e.pointerId);
    } catch {
      // A pointer that is already gone: the stroke is recorded without capture.
    }
    if (this._origin === null) this._origin = e.timeStamp - this._lastTime();
    this._active = {
      id: e.pointerId,
      pointerType: e.pointerType || 'unknown',
      pen: this.pen,
      points: [],
      pts: [], // deduplicated, for drawing
      ws: [],
      filter: null,
      model: null,
      lo: Infinity,
      hi: -Infinity,
      drawn: 0,
    };
    this._active.model = effectiveModel(this._active.pen, []);
    this._active.filter = new WidthFilter(this._active.pen, this._active.model);
    this._record(e);
    this._schedule();
  }

  _onPointerMove(e) {
    const active = this._active;
    if (!active || e.pointerId !== active.id) return;
    // Every sample since the last event (not one per frame); predicted events are never used.
    const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    if (events.length === 0) this._record(e);
    else for (const c of events) this._record(c);
    this._schedule();
  }

  _onPointerUp(e) {
    if (e.pointerType === 'pen') this._pens.delete(e.pointerId);
    const active = this._active;
    if (!active || e.pointerId !== active.id) return;
    const last = active.points[active.points.length - 1];
    const [x, y] = this._position(e);
    if (last && (x !== last.x || y !== last.y)) this._record(e, last.force);
    this._finish();
  }

  _onPointerCancel(e) {
    if (e.pointerType === 'pen') this._pens.delete(e.pointerId);
    const active = this._active;
    if (!active || e.pointerId !== active.id) return;
    this._active = null; // a cancelled contact (a palm, a system gesture) leaves no ink
    this.redraw();
  }

  _position(e) {
    const rect = this.canvas.getBoundingClientRect();
    return [round(e.clientX - rect.left, 0.01), round(e.clientY - rect.top, 0.01)];
  }

  _lastTime() {
    let t = 0;
    for (const s of this._strokes) for (const p of s.points) if (p.t > t) t = p.t;
    return this._strokes.length > 0 ? t + 500 : 0;
  }

  _record(e, force) {
    const active = this._active;
    const [x, y] = this._position(e);
    const previous = active.points[active.points.length - 1];
    // Timestamps in ms from the drawing's start, never going back.
    const t = Math.max(round(e.timeStamp - this._origin, 0.001), previous?.t ?? 0);
    const sample = { x, y, t };
    if (active.pointerType !== 'mouse') {
      const pressure = force ?? e.pressure;
      if (typeof pressure === 'number') sample.force = round(pressure, 0.0001);
    }
    if (active.pointerType === 'pen') {
      sample.tiltX = e.tiltX ?? 0;
      sample.tiltY = e.tiltY ?? 0;
    }
    active.points.push(sample);
    const tail = active.pts[active.pts.length - 1];
    if (tail && tail.x === x && tail.y === y) return;
    active.pts.push(sample);
    const f = sample.force ?? 0;
    active.lo = Math.min(active.lo, f);
    active.hi = Math.max(active.hi, f);
    const model = effectiveModel(active.pen, [{ force: active.lo }, { force: active.hi }]);
    if (model !== active.model) {
      // The pressure started to vary: the stroke so far is redrawn with the pressure model.
      active.model = model;
      active.filter = new WidthFilter(active.pen, model);
      active.ws = active.pts.map((p) => active.filter.next(p));
      active.repaint = true;
    } else {
      active.ws.push(active.filter.next(sample));
    }
  }

  _schedule() {
    if (this._frame) return;
    this._frame = requestAnimationFrame(() => this._drawFrame());
  }

  _drawFrame() {
    this._frame = 0;
    const live = this._active;
    if (!live) return;
    if (live.repaint) {
      live.repaint = false;
      this.redraw();
    } else {
      this._paintLive();
    }
  }

  /** Paints the live stroke's settled segments; the last one waits for the next sample or the pen lifting. */
  _paintLive() {
    const live = this._active;
    const n = live.pts.length;
    if (n < 2) return;
    const fixed = live.model === 'fixed';
    const settled = n - 1;
    paintSegments(this.ctx, live.pen, live.pts, live.ws, live.drawn, settled, fixed);
    live.drawn = settled;
  }

  _finish() {
    const live = this._active;
    this._active = null;
    if (this._frame) {
      cancelAnimationFrame(this._frame);
      this._frame = 0;
    }
    if (live.points.length === 0) return;
    // A device without a pressure sensor reports one constant (0.5 while pressed): not pressure.
    const forces = live.points.map((p) => p.force);
    if (forces[0] !== undefined && NO_PRESSURE.has(forces[0]) && forces.every((f) => f === forces[0])) {
      for (const p of live.points) delete p.force;
    }
    const stroke = { pointerType: live.pointerType, pen: live.pen, points: live.points };
    this._strokes.push(stroke);
    // Painted again whole, one path per stroke: the canvas then is what `signet render` draws (the
    // live pieces overlap, and their antialiased edges would add up where they meet).
    this.redraw();
    this._emit('signet-stroke', { stroke: this.toJSON().strokes[this._strokes.length - 1] });
    this._changed();
  }
}

function penJSON(pen) {
  const out = { color: pen.color, widthModel: pen.widthModel };
  if (pen.widthModel === 'fixed') out.width = pen.width;
  else Object.assign(out, { minWidth: pen.minWidth, maxWidth: pen.maxWidth });
  if (pen.dotSize > 0) out.dotSize = pen.dotSize;
  if (pen.velocityFilterWeight !== DEFAULT_PEN.velocityFilterWeight) out.velocityFilterWeight = pen.velocityFilterWeight;
  return out;
}

function samePen(a, b) {
  return JSON.stringify(penJSON(a)) === JSON.stringify(penJSON(b));
}

const template = `
  :host { display: block; position: relative; width: 600px; height: 200px; touch-action: none;
          background: #fff; border: 1px solid #8a8f98; border-radius: 4px; box-sizing: content-box; }
  :host([readonly]) { opacity: 0.85; }
  canvas { display: block; width: 100%; height: 100%; cursor: crosshair; }
`;

/**
 * `<signet-pad pen-color="#1a237e" pen-width="2.5" width-model="pressure" readonly>`: the pad as a
 * custom element. Properties penColor, penWidth, widthModel, readOnly; methods toJSON(),
 * fromJSON(obj), clear(), undo(); isEmpty; events signet-stroke and signet-change.
 */
export class SignetPadElement extends HTMLElement {
  static observedAttributes = ['pen-color', 'pen-width', 'width-model', 'readonly'];

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(template);
      root.adoptedStyleSheets = [sheet];
    } else {
      const style = document.createElement('style');
      style.textContent = template;
      root.append(style);
    }
    const canvas = document.createElement('canvas');
    canvas.setAttribute('part', 'canvas');
    root.append(canvas);
    this.pad = new SignetPad(canvas, { eventTarget: this });
  }

  connectedCallback() {
    // Attributes of its own only once connected (a constructor may not add any).
    if (!this.hasAttribute('role')) this.setAttribute('role', 'img');
    if (!this.hasAttribute('aria-label') && !this.hasAttribute('aria-labelledby')) {
      this.setAttribute('aria-label', 'Signature pad: sign with a mouse, finger or pen');
    }
    this.pad.resize();
  }

  attributeChangedCallback(name, _old, value) {
    if (name === 'pen-color') this.pad.penColor = value ?? DEFAULT_PEN.color;
    if (name === 'pen-width') this.pad.penWidth = value === null ? DEFAULT_PEN.width : Number(value);
    if (name === 'width-model') this.pad.widthModel = value ?? 'pressure';
    if (name === 'readonly') this.pad.readOnly = value !== null;
  }

  get penColor() {
    return this.pad.penColor;
  }
  set penColor(v) {
    this.setAttribute('pen-color', v);
  }
  get penWidth() {
    return this.pad.penWidth;
  }
  set penWidth(v) {
    this.setAttribute('pen-width', String(v));
  }
  get widthModel() {
    return this.pad.widthModel;
  }
  set widthModel(v) {
    if (!WIDTH_MODELS.includes(v)) throw new RangeError(`widthModel is one of ${WIDTH_MODELS.join(', ')}`);
    this.setAttribute('width-model', v);
  }
  get readOnly() {
    return this.pad.readOnly;
  }
  set readOnly(v) {
    this.toggleAttribute('readonly', Boolean(v));
  }
  get isEmpty() {
    return this.pad.isEmpty;
  }
  toJSON() {
    return this.pad.toJSON();
  }
  fromJSON(obj) {
    this.pad.fromJSON(obj);
  }
  clear() {
    this.pad.clear();
  }
  undo() {
    this.pad.undo();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('signet-pad')) {
  customElements.define('signet-pad', SignetPadElement);
}
