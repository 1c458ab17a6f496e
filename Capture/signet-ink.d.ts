// Types of signet-ink.js: the ink model of `signet render` (widths, smoothing, outline) for a 2D
// canvas context or any path sink, and its SVG.

/** A pen as Signet stroke JSON names it (docs/formats.md). */
export interface Pen {
  /** Any CSS colour Signet reads (`#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`, names). */
  color: string;
  /** The line width of the fixed model, in CSS px. */
  width: number;
  /** The thinnest line of the variable models, in CSS px. */
  minWidth: number;
  /** The widest line of the variable models, in CSS px. */
  maxWidth: number;
  /** The diameter of a one-point stroke; absent or 0: `width` (fixed) or the mean of min and max. */
  dotSize?: number;
  /** How much the newest velocity counts in the velocity model (0–1). */
  velocityFilterWeight: number;
  widthModel: WidthModel;
}

/** How wide the ink is at each sample, as `signet render --width-model` names them. */
export type WidthModel = 'fixed' | 'velocity' | 'pressure';

/** One sample: CSS px, ms from the drawing's start, force 0–1, tilt in degrees. */
export interface Sample {
  x: number;
  y: number;
  t?: number;
  force?: number;
  tiltX?: number;
  tiltY?: number;
}

/** What the outline is traced into: a CanvasRenderingContext2D, a Path2D or an SVGPathData. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
}

/** How to paint a traced stroke: stroke it `lineWidth` wide with round caps and joins, or fill it (nonzero). */
export type Paint = { lineWidth: number } | { fill: true };

/** One smoothed segment: a quadratic from `s` through control `c` to `e`, `sw` wide at `s` and `ew` at `e`. */
export interface Segment {
  s: { x: number; y: number };
  c: { x: number; y: number };
  e: { x: number; y: number };
  sw: number;
  ew: number;
}

/** The pen `signet render` uses when a capture names none (2.5 CSS px, black, fixed). */
export const DEFAULT_PEN: Readonly<Pen>;
export const WIDTH_MODELS: readonly WidthModel[];
/** `model` when it is a WidthModel; throws a RangeError naming them otherwise. */
export function checkedWidthModel(model: string): WidthModel;
export function dotDiameter(pen: Pen): number;

/** The force range of a stroke's samples: pressure draws only when it varies. */
export class ForceRange {
  lo: number;
  hi: number;
  add(sample: Sample): void;
  readonly varies: boolean;
  modelFor(pen: Pen): WidthModel;
}

/** Width per sample as samples arrive (causal: a live stroke and the whole stroke agree). */
export class WidthFilter {
  constructor(pen: Pen, model?: WidthModel);
  readonly model: WidthModel;
  next(sample: Sample): number;
}

export function deduplicated<T extends Sample>(samples: readonly T[]): T[];
export function effectiveModel(pen: Pen, samples: readonly Sample[]): WidthModel;
export function segment(pts: readonly Sample[], ws: readonly number[], i: number): Segment;
/** How many chords segment `g` is drawn with (1–64). */
export function pieces(g: Segment): number;
export function traceSegments(
  path: PathSink,
  pts: readonly Sample[],
  ws: readonly number[],
  from: number,
  to: number,
  fixed: boolean,
): void;
export function traceStroke(path: PathSink, pen: Pen, samples: readonly Sample[]): Paint | null;
export function paintSegments(
  ctx: CanvasRenderingContext2D,
  pen: Pen,
  pts: readonly Sample[],
  ws: readonly number[],
  from: number,
  to: number,
  fixed: boolean,
): void;
export function paintStroke(ctx: CanvasRenderingContext2D, pen: Pen, samples: readonly Sample[]): void;

/** A path sink that writes SVG path data; `String(sink)` is the `d` attribute. */
export class SVGPathData implements PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  toString(): string;
}

/** One stroke as an SVG `<path>` element ('' without samples). */
export function strokeSVG(pen: Pen, samples: readonly Sample[]): string;
/** A drawing as an SVG document `width` × `height` CSS px, transparent unless `background` is given. */
export function drawingSVG(
  strokes: readonly { pen: Pen; points: readonly Sample[] }[],
  size: { width: number; height: number; background?: string | null },
): string;
