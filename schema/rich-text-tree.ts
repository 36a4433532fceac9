/**
 * The open elements of a rich-text body while it is read, with a bounded depth: the server's
 * sanitiser (worker/services/sanitize.ts) and the fields' nesting check (`richTextTooDeep`) both
 * build their tree with it, so they agree on what a body's depth is.
 *
 * The rules are those of htmlparser2's parser, which sanitize-html used: an opening tag first closes
 * what it implies (a `<p>` or a heading closes an open `<p>`, an `<li>` an open `<li>`, …), void
 * elements (`<br>`, `<img>`) never open, a closing tag closes everything down to the nearest open
 * element of its name (or nothing when none is open), `</p>` alone is an empty paragraph and `</br>`
 * a line break. Unlike that parser, whose stack grew without limit and was searched and shifted
 * whole for every tag (`'<h1>'×12000 + '</h2>'×9000` took seconds), no more than `maxDepth`
 * elements are ever open: every step costs at most `maxDepth`, so a body costs time linear in its
 * length whatever its shape.
 */

/**
 * Rich text deeper than this is refused on write (`richTextField`), and the sanitiser never nests
 * deeper. The allowed tags need a few levels (a quote holding a list of paragraphs in bold italics is
 * six); 32 leaves room for lists nested nine deep.
 */
export const RICH_TEXT_MAX_DEPTH = 32;

const VOID = new Set(['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
/** Open elements that an opening tag closes first when they are on top (htmlparser2's `openImpliesClose`). */
const IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>(
  Object.entries({
    tr: ['tr', 'th', 'td'],
    th: ['th'],
    td: ['thead', 'th', 'td'],
    body: ['head', 'link', 'script'],
    li: ['li'],
    select: FORM,
    input: FORM,
    output: FORM,
    button: FORM,
    datalist: FORM,
    textarea: FORM,
    option: ['option'],
    optgroup: ['optgroup', 'option'],
    dd: ['dd', 'dt'],
    dt: ['dd', 'dt'],
    rt: ['rt', 'rp'],
    rp: ['rt', 'rp'],
    tbody: ['thead', 'tbody'],
    tfoot: ['thead', 'tbody'],
    ...Object.fromEntries(
      ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map(
        (name) => [name, P],
      ),
    ),
  }).map(([name, closes]) => [name, new Set(closes)]),
);

export const isVoidElement = (name: string) => VOID.has(name);

/** Where the elements a body opens and closes go, in order; a void element is opened and closed at once. */
export interface ElementEvents {
  open(name: string): void;
  close(name: string): void;
}

export class ElementStack {
  /** Bottom first. Never longer than `maxDepth`. */
  private readonly names: string[] = [];
  /** True once an element had to be opened on a full stack (the first was closed to make room). */
  overflowed = false;

  constructor(
    private readonly events: ElementEvents,
    private readonly maxDepth = RICH_TEXT_MAX_DEPTH,
  ) {}

  get depth() {
    return this.names.length;
  }

  get top(): string | undefined {
    return this.names[this.names.length - 1];
  }

  /** An opening tag (its name in lower case). On a full stack the innermost element is closed first. */
  open(name: string) {
    const closes = IMPLIES_CLOSE.get(name);
    while (closes && this.names.length > 0 && closes.has(this.names[this.names.length - 1])) this.pop();
    if (VOID.has(name)) {
      this.events.open(name);
      this.events.close(name);
      return;
    }
    if (this.names.length >= this.maxDepth) {
      this.overflowed = true;
      this.pop();
    }
    this.names.push(name);
    this.events.open(name);
  }

  /** A closing tag (its name in lower case). */
  close(name: string) {
    if (VOID.has(name)) {
      // `</br>` is a line break; other void closers are nothing.
      if (name === 'br') this.open('br');
      return;
    }
    const at = this.names.lastIndexOf(name);
    if (at >= 0) {
      while (this.names.length > at) this.pop();
    } else if (name === 'p') {
      // A `</p>` with no paragraph open is an empty one.
      this.open('p');
      this.pop();
    }
  }

  /** The opening tag just read closes itself (`<x/>` where the reader honours that). */
  closeIfTop(name: string) {
    if (this.top === name) this.pop();
  }

  /** The end of the body: every element still open is closed, innermost first. */
  end() {
    while (this.names.length > 0) this.pop();
  }

  private pop() {
    this.events.close(this.names.pop()!);
  }
}
