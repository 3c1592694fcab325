// The exercise page's editor: CodeMirror 6 over the page's textarea, which stays the form's
// value (every change is written back to it), so the page works the same without this bundle.
// Bundled by esbuild at set-up (web/package.json); app.js uses it when it is there.
import { basicSetup } from "codemirror";
import { EditorView, keymap, Decoration, gutterLineClass, GutterMarker } from "@codemirror/view";
import { EditorState, Compartment, Prec, StateEffect, StateField, RangeSet } from "@codemirror/state";
import { indentWithTab } from "@codemirror/commands";
import { StreamLanguage, indentUnit } from "@codemirror/language";
import { python } from "@codemirror/lang-python";
import { cpp } from "@codemirror/lang-cpp";
import { rust } from "@codemirror/lang-rust";
import { java } from "@codemirror/lang-java";
import { csharp } from "@codemirror/legacy-modes/mode/clike";

// By the ids a problem names them: a problem package's programs are `python3` and `c`.
const LANGUAGES = {
  python: () => python(),
  python3: () => python(),
  cpp: () => cpp(),
  c: () => cpp(),
  rust: () => rust(),
  java: () => java(),
  csharp: () => StreamLanguage.define(csharp),
};

// The line a compile error names: a class on the line and a marker in the gutter.
const markError = StateEffect.define();
const errorMarker = new (class extends GutterMarker {
  constructor() { super(); this.elementClass = "cm-error-gutter"; }
})();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, transaction) {
    marks = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(markError)) continue;
      marks = effect.value === null ? Decoration.none : Decoration.set(
        [Decoration.line({ class: "cm-error-line" }).range(effect.value)]);
    }
    return marks;
  },
  provide: (field) => [
    EditorView.decorations.from(field),
    gutterLineClass.compute([field], (state) => {
      const markers = [];
      state.field(field).between(0, state.doc.length, (from) => { markers.push(errorMarker.range(from)); });
      return RangeSet.of(markers);
    }),
  ],
});

function create(textarea, { language, nonce, onSubmit, onRun }) {
  const mode = new Compartment();
  const view = new EditorView({
    parent: textarea.parentNode,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        // Before basicSetup's own keys (its completion's are highest too): Mod-Enter there
        // inserts a line, and Escape is the completion's.
        Prec.highest(keymap.of([
          { key: "Mod-Enter", run: () => { onSubmit(); return true; } },
          { key: "Mod-'", run: () => { onRun(); return true; } },
          // Esc then Tab leaves the editor (no keyboard trap), also where Esc first closes
          // a completion that would otherwise take the key.
          { key: "Escape", run: (view) => { view.setTabFocusMode(2000); return false; } },
        ])),
        basicSetup,
        EditorView.cspNonce.of(nonce || ""),  // its styles, under the page's CSP
        keymap.of([indentWithTab]),  // Tab indents; Esc then Tab leaves the editor
        indentUnit.of("    "),
        mode.of(LANGUAGES[language] ? LANGUAGES[language]() : []),
        errorLine,
        EditorView.contentAttributes.of({
          "aria-label": "Source code",
          "aria-describedby": "editor-help",
          // In the tab order already (contenteditable); said so, for checkers of a scrolled editor.
          tabindex: "0",
        }),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          textarea.value = update.state.doc.toString();
          textarea.dispatchEvent(new Event("input"));
        }),
      ],
    }),
  });
  textarea.after(view.dom);
  return {
    view,
    get: () => view.state.doc.toString(),
    set(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text },
                      effects: markError.of(null) });
    },
    setLanguage(id) { view.dispatch({ effects: mode.reconfigure(LANGUAGES[id] ? LANGUAGES[id]() : []) }); },
    markLine(number) {
      if (number < 1 || number > view.state.doc.lines) return;
      const line = view.state.doc.line(number);
      view.dispatch({ effects: [markError.of(line.from), EditorView.scrollIntoView(line.from, { y: "center" })],
                      selection: { anchor: line.from, head: line.to } });
    },
    clearMark() { view.dispatch({ effects: markError.of(null) }); },
    focus: () => view.focus(),
  };
}

window.GraderEditor = { create };
