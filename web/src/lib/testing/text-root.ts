import { createRoot, type Root } from 'react-dom/client';
import type { ReactNode } from 'react';

/**
 * React DOM in Node without a DOM library (the web tests run in plain Node): a root whose components
 * render text only, read back as one string. Enough of the DOM for createRoot, text nodes and Suspense's
 * hiding of text; an element rendered into it throws. For hook tests that need React's real scheduling
 * (transitions, deferred values, Suspense), which a hand-called hook cannot show.
 */
class FakeNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  parentNode: FakeNode | null = null;
  childNodes: FakeNode[] = [];
  ownerDocument: FakeDocument | null = null;
  namespaceURI = null;
  get tagName() {
    return this.nodeName;
  }
  constructor(nodeType: number, nodeName: string, nodeValue: string | null = null) {
    this.nodeType = nodeType;
    this.nodeName = nodeName;
    this.nodeValue = nodeValue;
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get textContent(): string {
    return this.nodeType === 3 ? (this.nodeValue ?? '') : this.childNodes.map((c) => c.textContent).join('');
  }
  set textContent(_value: string) {
    this.childNodes = [];
  }
  set data(value: string) {
    this.nodeValue = value;
  }
  appendChild(child: FakeNode) {
    this.removeChild(child);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }
  insertBefore(child: FakeNode, before: FakeNode | null) {
    this.removeChild(child);
    child.parentNode = this;
    const at = before ? this.childNodes.indexOf(before) : -1;
    if (at < 0) this.childNodes.push(child);
    else this.childNodes.splice(at, 0, child);
    return child;
  }
  removeChild(child: FakeNode) {
    const at = this.childNodes.indexOf(child);
    if (at >= 0) this.childNodes.splice(at, 1);
    child.parentNode = null;
    return child;
  }
  addEventListener() {}
  removeEventListener() {}
}

class FakeDocument extends FakeNode {
  activeElement = null;
  body = null;
  constructor() {
    super(9, '#document');
  }
  createTextNode(text: string) {
    const node = new FakeNode(3, '#text', text);
    node.ownerDocument = this;
    return node;
  }
  createElement(tag: string): never {
    throw new Error(`text-root renders text only, not <${tag}>`);
  }
}

export type TextRoot = { text: () => string; render: (node: ReactNode) => void; unmount: () => void };

export function textRoot(): TextRoot {
  const g = globalThis as Record<string, unknown>;
  // React DOM reads these around each commit (the focused element, to restore the selection).
  g.window ??= { HTMLIFrameElement: class {}, event: undefined };
  g.document ??= new FakeDocument();
  const doc = new FakeDocument();
  const container = new FakeNode(1, 'DIV');
  container.ownerDocument = doc;
  const root: Root = createRoot(container as unknown as HTMLElement);
  return {
    text: () => container.textContent,
    render: (node) => root.render(node),
    unmount: () => root.unmount(),
  };
}

/** Resolves after `ms`: time for React's scheduler to render what was asked (a loaded machine is slow). */
export const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `root` shows `text` (fails after `timeoutMs`). */
export async function showing(root: TextRoot, text: string, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (root.text() !== text) {
    if (Date.now() > until)
      throw new Error(`expected ${JSON.stringify(text)}, shows ${JSON.stringify(root.text())}`);
    await settle(10);
  }
}
