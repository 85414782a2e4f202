// The playground's code editor: CodeMirror 6 with C++ highlighting and lint markers,
// bundled by build.sh into webapp/static/rocport/vendor/codemirror.min.js as one global,
// window.RocportEditor (the page's script stays a plain static file under the CSP).
import { EditorState, Compartment } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, MatchDecorator, ViewPlugin, Decoration,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  syntaxHighlighting, defaultHighlightStyle, HighlightStyle, indentOnInput, bracketMatching,
} from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { cpp } from "@codemirror/lang-cpp";

window.RocportEditor = {
  EditorState, Compartment, EditorView, keymap, lineNumbers, highlightActiveLine,
  highlightActiveLineGutter, drawSelection, MatchDecorator, ViewPlugin, Decoration,
  defaultKeymap, history, historyKeymap, indentWithTab, syntaxHighlighting,
  defaultHighlightStyle, HighlightStyle, tags, indentOnInput, bracketMatching, setDiagnostics, lintGutter, cpp,
};
