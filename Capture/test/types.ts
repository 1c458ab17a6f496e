// Compiled by `tsc --noEmit` (make lint): the declarations describe the API as a page uses it.

import { drawingSVG, SVGPathData, traceStroke } from '../signet-ink.js';
import { type DrawingJSON, SignetPad, SignetPadElement, VERSION } from '../signet-pad.js';

/** What the checks below produce, so that nothing is unused. */
export const seen: unknown[] = [];

const pad: SignetPadElement | null = document.querySelector('signet-pad');
if (pad) {
  pad.addEventListener('signet-change', (e) => {
    const count: number = e.detail.strokeCount;
    const cause: 'stroke' | 'undo' | 'clear' | 'fromJSON' = e.detail.cause;
    seen.push(count, cause);
  });
  pad.addEventListener('signet-stroke', (e) => seen.push(e.detail.stroke.points.length));
  pad.required = true;
  pad.dotSize = 3;
  pad.widthModel = 'velocity';
  const json: DrawingJSON = pad.toJSON();
  const png: string = pad.toDataURL('image/jpeg', 0.9);
  const svg: string = pad.toSVG();
  const valid: boolean = pad.checkValidity() && !pad.validity.valueMissing;
  pad.toBlob().then((blob: Blob) => seen.push(blob.size, json.version, png, svg, valid, pad.form?.id));
  const keys: string = SignetPadElement.keyShortcuts;
  seen.push(keys);
}

const canvas = document.createElement('canvas');
const plain = new SignetPad(canvas, { penColor: '#1a237e', widthModel: 'pressure', attach: false });
plain.attach();
plain.detach();
const d = new SVGPathData();
const paint = traceStroke(d, plain.pen, [{ x: 1, y: 2 }]);
seen.push(VERSION, paint, String(d), drawingSVG([], { width: 10, height: 10 }));
