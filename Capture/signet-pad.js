// <signet-pad>: the signature pad as a form-associated custom element around SignetPad
// (signet-pad-core.js). A plain ES module without dependencies:
// `import { SignetPad, SignetPadElement } from './signet-pad.js'` (importing it defines the element).
import { checkedWidthModel, DEFAULT_PEN } from './signet-ink.js';
import { SignetPad } from './signet-pad-core.js';

export { SignetPad, VERSION } from './signet-pad-core.js';

const template = `
  :host { display: block; position: relative; width: 600px; height: 200px; touch-action: none;
          background: #fff; border: 1px solid #8a8f98; border-radius: 4px; box-sizing: content-box; }
  :host(:focus-visible) { outline: 3px solid var(--signet-pad-focus-color, #ff9800); outline-offset: 2px; }
  :host([readonly]) { opacity: 0.85; }
  :host(:disabled) { opacity: 0.5; }
  canvas { display: block; width: 100%; height: 100%; cursor: crosshair; }
  :host([readonly]) canvas, :host(:disabled) canvas { cursor: default; }
`;

const DEFAULT_LABEL = 'Signature pad: sign with a mouse, finger or pen';
const MISSING = 'Please sign in the box.';
// What assistive technology announces the pad as: a region that takes its own keys.
const ROLE = 'application';
const ROLE_DESCRIPTION = 'signature pad';
// The keys the focused pad takes, as aria-keyshortcuts lists them: Delete clears; Backspace,
// Ctrl+Z and ⌘Z undo the last stroke.
const KEY_SHORTCUTS = 'Delete Backspace Control+Z Meta+Z';

/**
 * `<signet-pad name="signature" pen-color="#1a237e" pen-width="2.5" dot-size="3"
 * width-model="pressure" background-color="#fff" required readonly disabled>`: the pad as a
 * form-associated custom element. With a `name`, a form submits the drawing's Signet stroke JSON
 * (nothing while empty); `required` makes an empty pad invalid (valueMissing); `disabled` (or a
 * disabled fieldset) ignores input and submits nothing; a form reset clears it. Methods toJSON(),
 * fromJSON(obj), clear(), undo(), toDataURL(type, quality), toBlob(type, quality), toSVG();
 * events signet-stroke and signet-change (see SignetPad).
 *
 * For keyboard and assistive technology: the pad is in the tab order while enabled (tabindex 0
 * unless the page sets one), shows a focus ring on :focus-visible, takes Delete (clear) and
 * Backspace / Ctrl+Z / ⌘Z (undo) while focused and writable, and is announced as an
 * `application` with the role description "signature pad" and a label (ElementInternals'
 * defaults where the browser has them, else attributes; the page's aria-label, aria-labelledby
 * or <label> win). An empty required pad shows the browser's "Please sign in the box." at the
 * canvas when its form is submitted.
 */
export class SignetPadElement extends HTMLElement {
  static formAssociated = true;
  /** The keys the focused pad takes, in aria-keyshortcuts form. */
  static keyShortcuts = KEY_SHORTCUTS;
  static observedAttributes = [
    'pen-color',
    'pen-width',
    'dot-size',
    'width-model',
    'background-color',
    'readonly',
    'required',
  ];

  #internals;
  #pad;
  #canvas;
  /** True while the element, not the page, sets its tabindex (the page gave none). */
  #ownsTabIndex = false;
  /** The tabindex the element set last (null: removed). */
  #tabIndexSet = null;

  constructor() {
    super();
    this.#internals = this.attachInternals();
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
    this.#canvas = document.createElement('canvas');
    this.#canvas.setAttribute('part', 'canvas');
    root.append(this.#canvas);
    // The pad listens only while the element is in a document (connected/disconnectedCallback).
    this.#pad = new SignetPad(this.#canvas, { eventTarget: this, attach: false, onChange: () => this.#syncForm() });
    // ElementInternals' ARIA defaults: the page's own attributes still win over them.
    const internals = this.#internals;
    if ('role' in internals) {
      internals.role = ROLE;
      internals.ariaRoleDescription = ROLE_DESCRIPTION;
      internals.ariaKeyShortcuts = KEY_SHORTCUTS;
    }
    this.addEventListener('keydown', this.#onKey);
    this.addEventListener('focus', () => this.#syncLabel());
    this.#syncForm();
  }

  connectedCallback() {
    // Attributes of its own only once connected (a constructor may not add any), and only
    // where ElementInternals has no ARIA defaults.
    if (!('role' in this.#internals)) {
      const defaults = [
        ['role', ROLE],
        ['aria-roledescription', ROLE_DESCRIPTION],
        ['aria-keyshortcuts', KEY_SHORTCUTS],
      ];
      for (const [name, value] of defaults) if (!this.hasAttribute(name)) this.setAttribute(name, value);
      if (!this.hasAttribute('aria-label') && !this.hasAttribute('aria-labelledby')) {
        this.setAttribute('aria-label', DEFAULT_LABEL);
      }
    }
    this.#syncLabel();
    if (!this.#ownsTabIndex && !this.hasAttribute('tabindex')) {
      this.#ownsTabIndex = true;
      this.#tabIndexSet = null;
    }
    this.#syncTabIndex();
    this.#pad.attach();
  }

  disconnectedCallback() {
    this.#pad.detach();
  }

  /** The default label only while no <label> names the pad (an aria-label default would hide it). */
  #syncLabel() {
    if ('ariaLabel' in this.#internals) {
      this.#internals.ariaLabel = this.#internals.labels.length > 0 ? null : DEFAULT_LABEL;
    }
  }

  /** In the tab order while enabled, out of it while disabled (when the page set no tabindex). */
  #syncTabIndex() {
    // A tabindex other than the one set here is the page's: from then on it is left alone.
    if (this.getAttribute('tabindex') !== this.#tabIndexSet) this.#ownsTabIndex = false;
    if (!this.#ownsTabIndex) return;
    this.#tabIndexSet = this.#pad.disabled ? null : '0';
    if (this.#tabIndexSet === null) this.removeAttribute('tabindex');
    else this.setAttribute('tabindex', this.#tabIndexSet);
  }

  /** Delete clears; Backspace, Ctrl+Z and ⌘Z undo; other keys (Tab among them) pass. */
  #onKey = (event) => {
    if (this.#pad.readOnly || this.#pad.disabled || event.altKey || event.defaultPrevented) return;
    const command = event.ctrlKey || event.metaKey;
    if (event.key === 'Delete' && !command && !event.shiftKey) this.#pad.clear();
    else if (event.key === 'Backspace' && !command && !event.shiftKey) this.#pad.undo();
    else if (command && !event.shiftKey && (event.key === 'z' || event.key === 'Z')) this.#pad.undo();
    else return;
    event.preventDefault();
  };

  attributeChangedCallback(name, _old, value) {
    const pad = this.#pad;
    if (name === 'pen-color') pad.penColor = value ?? DEFAULT_PEN.color;
    if (name === 'pen-width') pad.penWidth = value === null ? DEFAULT_PEN.width : Number(value);
    if (name === 'dot-size') pad.dotSize = value === null ? null : Number(value);
    if (name === 'width-model') pad.widthModel = value ?? 'pressure';
    if (name === 'background-color') {
      pad.backgroundColor = value ?? '#ffffff';
      // Unset, the element's own CSS background shows through the canvas.
      this.#canvas.style.backgroundColor = value ?? '';
    }
    if (name === 'readonly') pad.readOnly = value !== null;
    if (name === 'required') this.#syncForm();
  }

  // The form's side (ElementInternals).

  formResetCallback() {
    this.#pad.clear();
  }

  formDisabledCallback(disabled) {
    this.#pad.disabled = disabled;
    if (this.isConnected) this.#syncTabIndex();
  }

  formStateRestoreCallback(state) {
    if (typeof state === 'string' && state !== '') this.#pad.fromJSON(JSON.parse(state));
  }

  #syncForm() {
    const value = this.#pad.isEmpty ? null : JSON.stringify(this.#pad.toJSON());
    this.#internals.setFormValue(value, value);
    if (this.required && this.#pad.isEmpty) this.#internals.setValidity({ valueMissing: true }, MISSING, this.#canvas);
    else this.#internals.setValidity({});
  }

  /** The form the pad belongs to, or null. */
  get form() {
    return this.#internals.form;
  }
  /** The `name` the drawing is submitted under. */
  get name() {
    return this.getAttribute('name') ?? '';
  }
  set name(v) {
    this.setAttribute('name', v);
  }
  /** 'signet-pad', as a form control's type. */
  get type() {
    return this.localName;
  }
  get required() {
    return this.hasAttribute('required');
  }
  set required(v) {
    this.toggleAttribute('required', Boolean(v));
  }
  /** The `disabled` attribute (a disabled fieldset disables the pad too, without it). */
  get disabled() {
    return this.hasAttribute('disabled');
  }
  set disabled(v) {
    this.toggleAttribute('disabled', Boolean(v));
  }
  /** What the form submits: the drawing's Signet stroke JSON as text, '' while empty. */
  get value() {
    return this.#pad.isEmpty ? '' : JSON.stringify(this.#pad.toJSON());
  }
  get validity() {
    return this.#internals.validity;
  }
  get validationMessage() {
    return this.#internals.validationMessage;
  }
  get willValidate() {
    return this.#internals.willValidate;
  }
  get labels() {
    return this.#internals.labels;
  }
  checkValidity() {
    return this.#internals.checkValidity();
  }
  reportValidity() {
    return this.#internals.reportValidity();
  }

  // The pad's side (SignetPad), attributes reflected.

  get penColor() {
    return this.#pad.penColor;
  }
  set penColor(v) {
    this.setAttribute('pen-color', v);
  }
  get penWidth() {
    return this.#pad.penWidth;
  }
  set penWidth(v) {
    this.setAttribute('pen-width', String(v));
  }
  get dotSize() {
    return this.#pad.dotSize;
  }
  set dotSize(v) {
    if (v === null || v === undefined) this.removeAttribute('dot-size');
    else this.setAttribute('dot-size', String(v));
  }
  get widthModel() {
    return this.#pad.widthModel;
  }
  set widthModel(v) {
    this.setAttribute('width-model', checkedWidthModel(v));
  }
  get backgroundColor() {
    return this.#pad.backgroundColor;
  }
  set backgroundColor(v) {
    this.setAttribute('background-color', v);
  }
  get readOnly() {
    return this.#pad.readOnly;
  }
  set readOnly(v) {
    this.toggleAttribute('readonly', Boolean(v));
  }
  get isEmpty() {
    return this.#pad.isEmpty;
  }
  get strokeCount() {
    return this.#pad.strokeCount;
  }
  toJSON() {
    return this.#pad.toJSON();
  }
  fromJSON(obj) {
    this.#pad.fromJSON(obj);
  }
  clear() {
    this.#pad.clear();
  }
  undo() {
    this.#pad.undo();
  }
  toDataURL(type, quality) {
    return this.#pad.toDataURL(type, quality);
  }
  toBlob(type, quality) {
    return this.#pad.toBlob(type, quality);
  }
  toSVG() {
    return this.#pad.toSVG();
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('signet-pad')) {
  customElements.define('signet-pad', SignetPadElement);
}
