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

/**
 * The properties and methods SignetPad and <signet-pad> share, merged into both classes below
 * (both have them at run time: the element forwards each to its SignetPad).
 */
export interface PadMethods {
  penColor: string;
  penWidth: number;
  /** A tap's dot diameter in CSS px; null or 0: as wide as a line (penWidth). */
  dotSize: number | null;
  widthModel: WidthModel;
  /** What a JPEG export is flattened onto. */
  backgroundColor: string;
  /** Ignores input while true. */
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
  /** As toDataURL, as a Blob. */
  toBlob(type?: 'image/png' | 'image/jpeg' | string, quality?: number): Promise<Blob>;
  /** The finished strokes as an SVG document in CSS px, transparent. */
  toSVG(): string;
}

export interface SignetPad extends PadMethods {}
/** The pad over a canvas, without the custom element. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class has the interface's members at run time.
export class SignetPad {
  constructor(canvas: HTMLCanvasElement, options?: SignetPadOptions);
  readonly canvas: HTMLCanvasElement;
  /** Ignores input while true (set by <signet-pad> when disabled as a form control). */
  disabled: boolean;
  /** The pen new strokes get. */
  readonly pen: Pen;
  readonly isAttached: boolean;
  /** Listens to the canvas's pointers, its size and the window's zoom. */
  attach(): void;
  /** Removes every listener and observer attach() added and drops a stroke in progress. */
  detach(): void;
  /** Matches the canvas's backing store to its CSS size × devicePixelRatio. */
  resize(): void;
  /** Paints every stroke again. */
  redraw(): void;
}

export interface SignetPadElement extends PadMethods {}
/**
 * `<signet-pad>`: the pad as a form-associated custom element. In the tab order while enabled
 * (tabindex 0 unless the page sets one) with a focus ring on :focus-visible
 * (`--signet-pad-focus-color`); while focused and writable, Delete clears and Backspace, Ctrl+Z
 * or ⌘Z undo. Announced as an `application` described as "signature pad", with a default label
 * the page's aria-label, aria-labelledby or <label> replaces.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class has the interface's members at run time.
export class SignetPadElement extends HTMLElement {
  static readonly formAssociated: true;
  /** The keys the focused pad takes, as aria-keyshortcuts lists them: 'Delete Backspace Control+Z Meta+Z'. */
  static readonly keyShortcuts: string;
  static readonly observedAttributes: string[];
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
