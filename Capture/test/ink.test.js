// The ink math without a browser (node --test Capture/test): widths, smoothing, the outline's
// pieces and its SVG path data, the live stroke and the JSON both ways.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkedWidthModel,
  DEFAULT_PEN,
  deduplicated,
  drawingSVG,
  effectiveModel,
  ForceRange,
  pieces,
  SVGPathData,
  segment,
  strokeSVG,
  traceStroke,
  WidthFilter,
} from '../signet-ink.js';
import { drawingJSON, LiveStroke, penJSON, strokesFromJSON } from '../signet-stroke.js';

const pen = (model, extra = {}) => ({ ...DEFAULT_PEN, minWidth: 0.5, maxWidth: 2.5, widthModel: model, ...extra });

/** A path sink (like a 2D context) that records its calls, numbers to 1e-9. */
class Recorder {
  calls = [];
  #add(name, args) {
    this.calls.push([name, ...args.map((v) => Math.round(v * 1e9) / 1e9)]);
  }
  moveTo(...a) {
    this.#add('moveTo', a);
  }
  lineTo(...a) {
    this.#add('lineTo', a);
  }
  arc(...a) {
    this.#add('arc', a);
  }
  beginPath() {
    this.calls.push(['beginPath']);
  }
  fill() {
    this.calls.push(['fill']);
  }
  stroke() {
    this.calls.push(['stroke', this.lineWidth]);
  }
}

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) <= eps, `${a} is not ${b} (±${eps})`);

describe('width filter', () => {
  test('fixed: the pen width at every sample', () => {
    const f = new WidthFilter(pen('fixed'));
    assert.deepEqual([f.next({ x: 0, y: 0 }), f.next({ x: 9, y: 9 })], [2.5, 2.5]);
  });

  test('pressure: min + (max − min) × force, clamped, 0.5 without force', () => {
    const f = new WidthFilter(pen('pressure'));
    const widths = [0, 0.25, 1, 1.5, -1, undefined].map((force) => f.next({ x: 0, y: 0, force }));
    assert.deepEqual(widths, [0.5, 1, 2.5, 2.5, 0.5, 1.5]);
  });

  test('velocity: the mean width first, then max / (v + 1) with v filtered by the weight', () => {
    const f = new WidthFilter(pen('velocity'));
    close(f.next({ x: 0, y: 0, t: 0 }), 1.5);
    // 3-4-5: 5 px in 5 ms is 1 px/ms; filtered: 0.7 × 1 + 0.3 × 0 = 0.7.
    close(f.next({ x: 3, y: 4, t: 5 }), 2.5 / 1.7);
    // A repeated timestamp keeps the velocity.
    close(f.next({ x: 30, y: 40, t: 5 }), 2.5 / 1.7);
    // Standing still for 10 ms: 0.7 × 0 + 0.3 × 0.7 = 0.21.
    close(f.next({ x: 30, y: 40, t: 15 }), 2.5 / 1.21);
  });

  test('velocity: never thinner than minWidth', () => {
    const f = new WidthFilter(pen('velocity'));
    f.next({ x: 0, y: 0, t: 0 });
    assert.equal(f.next({ x: 1000, y: 0, t: 1 }), 0.5);
  });

  test('pressure falls back to fixed when the pressure does not vary', () => {
    const constant = [{ force: 0.4 }, { force: 0.4 }];
    assert.equal(effectiveModel(pen('pressure'), constant), 'fixed');
    assert.equal(effectiveModel(pen('pressure'), [{ force: 0.4 }, { force: 0.6 }]), 'pressure');
    assert.equal(effectiveModel(pen('pressure'), []), 'fixed');
    assert.equal(effectiveModel(pen('velocity'), constant), 'velocity');
    const range = new ForceRange();
    range.add({ force: 0.5 });
    range.add({ force: 0.5009 });
    assert.equal(range.varies, false, 'a difference under 1e-3 is not variation');
  });

  test('one width-model check', () => {
    assert.equal(checkedWidthModel('velocity'), 'velocity');
    assert.throws(() => checkedWidthModel('thick'), RangeError);
  });
});

describe('smoothing', () => {
  const pts = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
    { x: 20, y: 10 },
  ];
  const ws = [1, 2, 3, 4];

  test('repeated positions are drawn once (the first of a run kept)', () => {
    const a = { x: 1, y: 1, t: 0 };
    assert.deepEqual(deduplicated([a, { x: 1, y: 1, t: 5 }, { x: 2, y: 1 }, a]), [a, { x: 2, y: 1 }, a]);
  });

  test('the first segment runs straight to the first midpoint', () => {
    assert.deepEqual(segment(pts, ws, 0), { s: pts[0], c: pts[0], e: { x: 5, y: 0 }, sw: 1, ew: 1.5 });
  });

  test('an inner segment curves through its sample between two midpoints', () => {
    assert.deepEqual(segment(pts, ws, 1), { s: { x: 5, y: 0 }, c: pts[1], e: { x: 10, y: 5 }, sw: 1.5, ew: 2.5 });
  });

  test('the last segment runs straight from the last midpoint to the last sample', () => {
    assert.deepEqual(segment(pts, ws, 3), { s: { x: 15, y: 10 }, c: pts[3], e: pts[3], sw: 3.5, ew: 4 });
  });
});

describe('outline pieces', () => {
  const straight = { s: { x: 0, y: 0 }, c: { x: 5, y: 0 }, e: { x: 10, y: 0 }, sw: 2, ew: 2 };

  test('a straight segment is one chord', () => {
    assert.equal(pieces(straight), 1);
  });

  test('a curve gets chords within 1 % of the width and turning at most 0.08 rad', () => {
    const g = { s: { x: 0, y: 0 }, c: { x: 10, y: 0 }, e: { x: 10, y: 10 }, sw: 2, ew: 2 };
    // Sag |s − 2c + e| / 4 = √200 / 4 ≈ 3.54; by sag √(3.54 / 0.02) ≈ 13.3; by turn (π/2) / 0.08 ≈ 19.6.
    assert.equal(pieces(g), 20);
    const thin = { ...g, sw: 0.02, ew: 0.02 };
    assert.equal(pieces(thin), 64, 'at most 64 chords');
  });

  test('a variable-width stroke is a start disc and a hull per chord, filled', () => {
    const r = new Recorder();
    const paint = traceStroke(r, pen('pressure'), [
      { x: 0, y: 0, force: 0.2 },
      { x: 20, y: 0, force: 1 },
    ]);
    assert.deepEqual(paint, { fill: true });
    const names = r.calls.map((c) => c[0]).join(' ');
    // The start disc (force 0.2: 0.5 + 2 × 0.2 wide), then per chord a hull: moveTo, lineTo, arc, lineTo.
    assert.match(names, /^moveTo arc( moveTo lineTo arc lineTo)+$/);
    assert.deepEqual(r.calls[1], ['arc', 0, 0, 0.45, 0, Math.round(2 * Math.PI * 1e9) / 1e9]);
    assert.deepEqual(r.calls.at(-2).slice(0, 4), ['arc', 20, 0, 1.25], 'the end cap: the last width (2.5) / 2');
  });

  test('a fixed-width stroke is its centre line, stroked at the pen width', () => {
    const r = new Recorder();
    const paint = traceStroke(r, pen('fixed'), [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 20, y: 0 },
    ]);
    assert.deepEqual(paint, { lineWidth: 2.5 });
    // Chords along y = 0, forwards, through both midpoints (the segment ends) to the last sample.
    assert.deepEqual(r.calls[0], ['moveTo', 0, 0]);
    const xs = r.calls.slice(1).map(([name, x, y]) => (name === 'lineTo' && y === 0 ? x : Number.NaN));
    assert.ok(
      xs.every((x, i) => x > (i === 0 ? 0 : xs[i - 1])),
      `chord ends ${xs}`,
    );
    assert.ok(xs.includes(5) && xs.includes(15) && xs.at(-1) === 20, `chord ends ${xs}`);
  });

  test("a tap is a disc of the pen's dot size", () => {
    const r = new Recorder();
    assert.deepEqual(traceStroke(r, pen('pressure', { dotSize: 4 }), [{ x: 3, y: 4 }]), { fill: true });
    assert.deepEqual(r.calls[0], ['moveTo', 5, 4]);
    const plain = new Recorder();
    traceStroke(plain, pen('pressure'), [{ x: 3, y: 4 }]);
    assert.equal(plain.calls[1][3], 0.75, 'without dotSize: (min + max) / 2 wide, as signet render');
  });

  test('nothing to paint without samples', () => {
    assert.equal(traceStroke(new Recorder(), pen('fixed'), []), null);
  });
});

describe('SVG', () => {
  test('a disc is two half arcs', () => {
    const d = new SVGPathData();
    d.moveTo(2, 0);
    d.arc(0, 0, 2, 0, 2 * Math.PI);
    assert.equal(String(d), 'M2 0A2 2 0 0 1 -2 0A2 2 0 0 1 2 0');
  });

  test('an arc joins the current point with a line and takes the large arc past half a turn', () => {
    const d = new SVGPathData();
    d.moveTo(0, 0);
    d.arc(10, 0, 1, Math.PI / 2, Math.PI / 2 + 1.5 * Math.PI);
    assert.equal(String(d), 'M0 0L10 1A1 1 0 1 1 11 0');
  });

  test('a fixed stroke is a stroked path, a variable one a filled path, colours escaped', () => {
    const line = strokeSVG(pen('fixed', { color: '#123' }), [
      { x: 0, y: 0 },
      { x: 4, y: 0 },
    ]);
    assert.match(
      line,
      /^<path d="M0 0(L[0-9.]+ 0)*L2 0(L[0-9.]+ 0)*L4 0" fill="none" stroke="#123" stroke-width="2.5"/,
    );
    assert.match(line, / stroke-linecap="round" stroke-linejoin="round"\/>$/);
    const dot = strokeSVG(pen('fixed', { color: '"><x' }), [{ x: 0, y: 0 }]);
    assert.match(dot, /^<path d="M1.25 0A1.25 1.25 0 0 1 -1.25 0A1.25 1.25 0 0 1 1.25 0" fill="&quot;&gt;&lt;x"\/>$/);
  });

  test('a drawing is an SVG document of the canvas size', () => {
    const svg = drawingSVG([{ pen: pen('fixed'), points: [{ x: 1, y: 1 }] }], { width: 600, height: 200 });
    assert.match(
      svg,
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="600" height="200" viewBox="0 0 600 200">\n<path /,
    );
    assert.match(svg, /<\/svg>\n$/);
  });
});

describe('live stroke', () => {
  const samples = [
    { x: 0, y: 0, force: 0.3 },
    { x: 0, y: 0, force: 0.3 },
    { x: 10, y: 2, force: 0.3 },
    { x: 20, y: 8, force: 0.7 },
    { x: 30, y: 9, force: 0.9 },
  ];

  test('pressure draws the fixed width until it varies, then asks for a repaint', () => {
    const live = new LiveStroke(1, 'pen', pen('pressure'));
    live.add(samples[0]);
    live.add(samples[1]);
    live.add(samples[2]);
    assert.equal(live.needsRepaint, false);
    live.add(samples[3]);
    assert.equal(live.needsRepaint, true);
    live.unpaint();
    assert.equal(live.needsRepaint, false);
    assert.equal(live.samples.length, 4, 'every sample is kept, repeats too');
  });

  test('painted live, the settled segments are the whole stroke less its last segment', () => {
    const live = new LiveStroke(1, 'pen', pen('pressure'));
    const painted = new Recorder();
    for (const s of samples) {
      live.add(s);
      if (live.needsRepaint) {
        painted.calls = [];
        live.unpaint();
      }
      live.paintSettled(painted);
    }
    const whole = new Recorder();
    traceStroke(whole, pen('pressure'), samples);
    const traced = painted.calls.filter((c) => c[0] !== 'beginPath' && c[0] !== 'fill');
    assert.ok(traced.length > 0 && traced.length < whole.calls.length);
    assert.deepEqual(traced, whole.calls.slice(0, traced.length));
  });

  test('a constant 0.5 (no pressure sensor) is not kept as force; real pressure is', () => {
    const flat = new LiveStroke(1, 'pen', pen('pressure'));
    flat.add({ x: 0, y: 0, force: 0.5 });
    flat.add({ x: 1, y: 0, force: 0.5 });
    assert.deepEqual(
      flat.finished().points.map((p) => p.force),
      [undefined, undefined],
    );
    const real = new LiveStroke(1, 'pen', pen('pressure'));
    real.add({ x: 0, y: 0, force: 0.5 });
    real.add({ x: 1, y: 0, force: 0.6 });
    assert.deepEqual(
      real.finished().points.map((p) => p.force),
      [0.5, 0.6],
    );
    assert.equal(new LiveStroke(2, 'touch', pen('fixed')).finished(), null);
  });
});

describe('stroke JSON', () => {
  const a = {
    pointerType: 'pen',
    pen: pen('pressure'),
    points: [{ x: 1, y: 2, t: 0, force: 0.5, tiltX: 3, tiltY: -4 }],
  };
  const b = { pointerType: 'mouse', pen: pen('fixed'), points: [{ x: 5, y: 6, t: 700 }] };

  test('the drawing pen once, a stroke pen only where it differs', () => {
    const json = drawingJSON({
      strokes: [a, b],
      pen: pen('fixed'),
      size: { width: 600, height: 200 },
      capturedBy: 'x',
    });
    assert.equal(json.format, 'signet-strokes');
    assert.deepEqual(json.canvas, { width: 600, height: 200 });
    assert.deepEqual(json.pen, penJSON(a.pen));
    assert.equal(json.strokes[0].pen, undefined);
    assert.deepEqual(json.strokes[1].pen, { color: '#000000', widthModel: 'fixed', width: 2.5 });
  });

  test('back from JSON: the same strokes; compact points read too', () => {
    const json = drawingJSON({
      strokes: [a, b],
      pen: pen('fixed'),
      size: { width: 600, height: 200 },
      capturedBy: 'x',
    });
    const again = strokesFromJSON(JSON.parse(JSON.stringify(json)));
    assert.deepEqual(
      again.map((s) => s.points),
      [a.points, b.points],
    );
    assert.deepEqual(strokesFromJSON({ strokes: [[[1, 2, 3, 0.5]]] })[0].points, [{ x: 1, y: 2, t: 3, force: 0.5 }]);
    assert.throws(() => strokesFromJSON({}), TypeError);
  });
});
