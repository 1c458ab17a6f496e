// Types of signet-pad.js: <signet-pad> (SignetPadElement) and SignetPad, the pad over a canvas.
import type { Pen, Sample, WidthModel } from './signet-ink.js';

export type { Pen, Sample, WidthModel } from './signet-ink.js';

export const VERSION: string;

/** A stroke of Signet stroke JSON version 1 as the pad writes it. */
export interface StrokeJSON {
  pointerType: string;
  /** Only where it differs from the drawing's pen. */
  pen?: Partial<Pen>;
  points: Sample[];
}

/** The drawing as Signet stroke JSON version 1 (docs/formats.md). */
export interface DrawingJSON {
  format: 'signet-strokes';
  version: 1;
  /** The pad's size in CSS px. */
  canvas: { width: number; height: number };
  unitsPerInch: 96;
  pen: Partial<Pen>;
  /** `signet-pad VERSION`. */
  capturedBy: string;
  strokes: StrokeJSON[];
}

/** What changed the drawing: a finished stroke, undo(), clear() (a form reset too) or fromJSON(). */
export type ChangeCause = 'stroke' | 'undo' | 'clear' | 'fromJSON';

/** `signet-change`'s detail, dispatched after every change of the drawing. */
export interface SignetChangeDetail {
  /** How many strokes the drawing has now. */
  strokeCount: number;
  cause: ChangeCause;
}

/** `signet-stroke`'s detail, dispatched when a stroke is finished (before its signet-change). */
export interface SignetStrokeDetail {
  /** The finished stroke as toJSON() writes it. */
  stroke: StrokeJSON;
}

export interface SignetPadOptions {
  penColor?: string;
  penWidth?: number;
  /** A tap's dot diameter in CSS px; null or 0: as wide as a line (penWidth). */
  dotSize?: number | null;
  widthModel?: WidthModel;
  /** What a JPEG export is flattened onto (default '#ffffff'). */
  backgroundColor?: string;
  readOnly?: boolean;
  /** Where signet-stroke and signet-change are dispatched (default: the canvas). */
  eventTarget?: EventTarget;
  /** Whether the constructor starts listening (default true); attach() later otherwise. */
  attach?: boolean;
  /** Called after every change of the drawing, before signet-change is dispatched. */
  onChange?: () => void;
}

/** The methods and properties SignetPad and <signet-pad> share. */
interface PadMethods {
  penColor: string;
  penWidth: number;
  dotSize: number | null;
  widthModel: WidthModel;
  backgroundColor: string;
  readOnly: boolean;
  readonly isEmpty: boolean;
  readonly strokeCount: number;
  toJSON(): DrawingJSON;
  /** Replaces the drawing (full or compact `[x, y, t, force]` points). */
  fromJSON(obj: { strokes: unknown[]; pen?: Partial<Pen> }): void;
  clear(): void;
  undo(): void;
  /** The finished strokes at the canvas's resolution: PNG transparent, JPEG on backgroundColor. */
  toDataURL(type?: 'image/png' | 'image/jpeg' | string, quality?: number): string;
  toBlob(type?: 'image/png' | 'image/jpeg' | string, quality?: number): Promise<Blob>;
  /** The finished strokes as an SVG document in CSS px, transparent. */
  toSVG(): string;
}

/** The pad over a canvas, without the custom element. */
export class SignetPad implements PadMethods {
  constructor(canvas: HTMLCanvasElement, options?: SignetPadOptions);
  readonly canvas: HTMLCanvasElement;
  penColor: string;
  penWidth: number;
  dotSize: number | null;
  widthModel: WidthModel;
  backgroundColor: string;
  readOnly: boolean;
  /** Ignores input while true (set by <signet-pad> when disabled as a form control). */
  disabled: boolean;
  /** The pen new strokes get. */
  readonly pen: Pen;
  readonly isEmpty: boolean;
  readonly strokeCount: number;
  readonly isAttached: boolean;
  /** Listens to the canvas's pointers, its size and the window's zoom. */
  attach(): void;
  /** Removes every listener and observer attach() added and drops a stroke in progress. */
  detach(): void;
  toJSON(): DrawingJSON;
  fromJSON(obj: { strokes: unknown[]; pen?: Partial<Pen> }): void;
  clear(): void;
  undo(): void;
  toDataURL(type?: string, quality?: number): string;
  toBlob(type?: string, quality?: number): Promise<Blob>;
  toSVG(): string;
  resize(): void;
  redraw(): void;
}

/** `<signet-pad>`: the pad as a form-associated custom element. */
export class SignetPadElement extends HTMLElement implements PadMethods {
  static readonly formAssociated: true;
  static readonly observedAttributes: string[];
  penColor: string;
  penWidth: number;
  dotSize: number | null;
  widthModel: WidthModel;
  backgroundColor: string;
  readOnly: boolean;
  readonly isEmpty: boolean;
  readonly strokeCount: number;
  /** The form control: submitted under `name` as the drawing's stroke JSON text (nothing while empty). */
  name: string;
  required: boolean;
  disabled: boolean;
  readonly form: HTMLFormElement | null;
  /** 'signet-pad'. */
  readonly type: string;
  /** The stroke JSON text a form submits, '' while empty. */
  readonly value: string;
  readonly validity: ValidityState;
  readonly validationMessage: string;
  readonly willValidate: boolean;
  readonly labels: NodeList;
  checkValidity(): boolean;
  reportValidity(): boolean;
  toJSON(): DrawingJSON;
  fromJSON(obj: { strokes: unknown[]; pen?: Partial<Pen> }): void;
  clear(): void;
  undo(): void;
  toDataURL(type?: string, quality?: number): string;
  toBlob(type?: string, quality?: number): Promise<Blob>;
  toSVG(): string;
}

declare global {
  interface HTMLElementTagNameMap {
    'signet-pad': SignetPadElement;
  }
  interface HTMLElementEventMap {
    'signet-change': CustomEvent<SignetChangeDetail>;
    'signet-stroke': CustomEvent<SignetStrokeDetail>;
  }
}
