// The exercise page: starter code per language, the editor (CodeMirror where its bundle was
// built, else the textarea), Ctrl+Enter to submit, Ctrl+' to run on your own input, each
// test's row as its event arrives, the first failing sample's expected answer beside yours,
// and a reload that picks up where it was.
"use strict";

const form = document.getElementById("submit-form");
const problem = form.dataset.problem;
const source = document.getElementById("source");
const language = document.getElementById("language");
const student = document.getElementById("student");
const statusLine = document.getElementById("status");
const rows = document.getElementById("rows");
const verdictLine = document.getElementById("verdict");
const compileBox = document.getElementById("compile");
const boardBox = document.getElementById("board");
const runInput = document.getElementById("run-input");
const starter = JSON.parse(document.getElementById("starter").textContent);
const samples = JSON.parse(document.getElementById("samples").textContent);
const draftKey = (lang) => `grader:${problem}:${lang}`;
let stream = null;

// On a narrow screen the problem folds under its title, so the editor and the results are
// reached without scrolling past the statement; on a wide one it is open beside them.
const narrow = window.matchMedia("(max-width: 55.99rem)");
const statementBox = document.getElementById("statement-box");
statementBox.open = !narrow.matches;
narrow.addEventListener("change", () => { statementBox.open = !narrow.matches; });

// A result is brought to the window's top as it arrives (the verdict, then the first failing
// sample under it), unless it is there already; the keyboard's focus stays in the editor.
function bringIntoView(element) {
  const top = element.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight * 0.25) element.scrollIntoView({ block: "start" });
}

const editor = window.GraderEditor ? codeMirror() : plainTextarea();

function codeMirror() {
  // The textarea stays the form's value; the label moves to the editor's own content.
  const mounted = window.GraderEditor.create(source, {
    language: language.value,
    nonce: form.dataset.styleNonce,
    onSubmit: () => form.requestSubmit(),
    onRun: () => runOwnInput(),
  });
  source.hidden = true;
  document.getElementById("source-label").removeAttribute("for");
  return mounted;
}

function plainTextarea() {
  // Tab indents (four spaces) unless Esc was pressed just before: then it leaves the editor.
  let escaped = false;
  source.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { escaped = true; return; }
    if (event.key === "Tab" && !escaped && !event.shiftKey) {
      event.preventDefault();
      source.setRangeText("    ", source.selectionStart, source.selectionEnd, "end");
      source.dispatchEvent(new Event("input"));
    }
    if (event.key !== "Tab") escaped = false;
  });
  return {
    get: () => source.value,
    set: (text) => { source.value = text; },
    setLanguage: () => {},
    markLine(number) {
      const lines = source.value.split("\n");
      if (number < 1 || number > lines.length) return;
      const start = lines.slice(0, number - 1).join("\n").length + (number > 1 ? 1 : 0);
      source.setSelectionRange(start, start + lines[number - 1].length);
    },
    clearMark: () => {},
  };
}

function loadStarter() {
  const saved = localStorage.getItem(draftKey(language.value));
  editor.set(saved !== null ? saved : starter[language.value] || "");
  editor.setLanguage(language.value);
}

language.value = localStorage.getItem(`grader:${problem}:language`) || language.value;
loadStarter();
language.addEventListener("change", () => {
  localStorage.setItem(`grader:${problem}:language`, language.value);
  loadStarter();
});
source.addEventListener("input", () => saveDraft());

// A draft is kept in this browser; one too large for its storage is not, and says so once.
function saveDraft() {
  try {
    localStorage.setItem(draftKey(language.value), editor.get());
  } catch (error) {
    statusLine.textContent = "This file is too large to keep as a draft in this browser.";
  }
}

// The judge's own limit on a file, said before anything is sent (a larger request would be
// refused by the request cap, whose words are not about the file).
const maxSource = Number(form.dataset.maxSource);
function tooLarge(text) {
  const bytes = new Blob([text]).size;
  if (bytes <= maxSource) return false;
  statusLine.textContent = `Your file is ${Math.ceil(bytes / 1024)} KiB; the judge takes files of `
    + `at most ${Math.floor(maxSource / 1024)} KiB.`;
  return true;
}

document.addEventListener("keydown", (event) => {
  if (!(event.ctrlKey || event.metaKey)) return;
  if (event.key === "Enter") { event.preventDefault(); form.requestSubmit(); }
  if (event.key === "'" && runButton) { event.preventDefault(); runOwnInput(); }
});
// A lesson has no Run: its steps are checked on the code as it is.
const runButton = document.getElementById("run");
if (runButton) runButton.addEventListener("click", () => runOwnInput());

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Grader": "1" },
    body: JSON.stringify(body),
  });
  let answer = {};
  try {
    answer = await response.json();
  } catch (error) {
    answer = {};  // an answer that is no JSON (a proxy's error page): its status says enough
  }
  return { response, answer };
}

// Why the grader refused a request, in its words: a sentence, or a form's field errors.
function refusal(response, answer) {
  if (typeof answer.detail === "string") return answer.detail;
  if (Array.isArray(answer.detail)) return answer.detail.map((error) => error.msg).join("; ");
  return `The grader answered ${response.status}.`;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { problem, language: language.value, source: editor.get() };
  if (student) body.student = student.value;
  if (tooLarge(body.source)) return;
  if (stream) stream.close();
  clearResults();  // the last submission's rows are not this one's
  statusLine.textContent = "Handing in…";
  bringIntoView(document.getElementById("results-panel"));
  const { response, answer } = await post("/v1/submissions", body);
  if (!response.ok) {
    statusLine.textContent = refusal(response, answer);
    return;
  }
  history.replaceState(null, "", `#submission=${answer.id}`);
  watch(answer.id);
});

function shown(value) {
  if (Array.isArray(value) && value.length && value.every(Array.isArray)) {
    return value.map((row) => JSON.stringify(row)).join("\n");
  }
  return JSON.stringify(value, null, 1);
}

async function runOwnInput() {
  const box = document.getElementById("run-result");
  box.hidden = true;  // the last run's result is not this one's, whatever this one says
  if (tooLarge(editor.get())) return;
  statusLine.textContent = "Running on your input…";
  const { response, answer } = await post("/v1/runs", {
    problem, language: language.value, source: editor.get(), input: runInput.value,
  });
  if (!response.ok) {
    statusLine.textContent = refusal(response, answer);
    runInput.setAttribute("aria-invalid", response.status === 422 ? "true" : "false");
    return;
  }
  runInput.removeAttribute("aria-invalid");
  box.hidden = false;
  const verdict = document.getElementById("run-verdict");
  const compile = document.getElementById("run-compile");
  const printed = document.getElementById("run-printed");
  const yours = answer.yours;
  document.getElementById("run-message").textContent = yours ? yours.message : "";
  compile.hidden = !answer.compile_output;
  compile.textContent = answer.compile_output;
  if (yours === null) {
    verdict.textContent = "CE: your code did not compile";
    verdict.className = "verdict v-CE";
    markCompileError(answer.compile_output);
  } else {
    const figures = `${yours.time_s.toFixed(3)} s, ${(yours.memory_kib / 1024).toFixed(1)} MiB`;
    verdict.textContent = `${yours.verdict} on ${runInput.value} (${figures})`;
    verdict.className = `verdict v-${yours.verdict}`;
  }
  const agreed = yours !== null && yours.verdict === "AC";
  document.getElementById("run-yours").textContent =
    yours === null ? "–" : agreed ? "the same as the reference's (order aside)"
      : yours.returned !== null && yours.returned !== undefined ? shown(yours.returned) : "–";
  document.getElementById("run-expected").textContent = shown(answer.expected);
  printed.hidden = !(yours && yours.output);
  printed.textContent = yours && yours.output ? `Printed:\n${yours.output}` : "";
  statusLine.textContent = "Ran.";
  bringIntoView(box);
}

function sayOnce() {
  const cells = [...rows.querySelectorAll("td.message-cell[data-failing]")].filter(
    (td) => td.dataset.full.length >= SAID_ONCE_FROM);
  if (cells.length < 2) return;
  let common = cells[0].dataset.full;
  for (const td of cells.slice(1)) {
    let length = 0;
    while (length < common.length && common[length] === td.dataset.full[length]) length += 1;
    if (length >= SAID_ONCE_FROM) common = common.slice(0, length);
  }
  // Cut where a clause ends, not inside a word; whole when every message is the same.
  const whole = cells.every((td) => td.dataset.full === common);
  const end = Math.max(common.lastIndexOf(": "), common.lastIndexOf("; "));
  const prefix = whole ? common : common.slice(0, end + 1);
  if (prefix.length < SAID_ONCE_FROM) return;
  saidOnce.textContent = prefix.replace(/[:;]$/, ".");
  saidOnce.hidden = false;
  for (const td of rows.querySelectorAll("td.message-cell")) {
    if (!td.dataset.full.startsWith(prefix)) continue;
    const own = td.dataset.full.slice(prefix.length).trim();
    td.textContent = own ? `… ${own}` : "as above";
  }
}

function clearResults() {
  rows.replaceChildren();
  saidOnce.hidden = true;
  saidOnce.textContent = "";
  verdictLine.textContent = "";
  verdictLine.className = "verdict";
  compileBox.hidden = true;
  boardBox.hidden = true;
  document.getElementById("compare").hidden = true;
  editor.clearMark();
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  row.appendChild(td);
}

// What several failing rows' messages begin alike with (a hint the checker gives every
// test: "this looks like LeetCode-51 board strings; ...") is said once, above the rows; each
// row keeps what is its own ("as above" where nothing is).
const SAID_ONCE_FROM = 60;
const saidOnce = document.getElementById("said-once");

function addRow(test) {
  const row = document.createElement("tr");
  cell(row, test.name + (test.hidden && test.input !== null ? " (hidden)" : ""));
  cell(row, test.verdict, `v-${test.verdict}`);
  // A hidden test's figures are not shown to students (null): they grow with its input.
  cell(row, test.time_s === null ? "–" : `${test.time_s.toFixed(3)} s`);
  cell(row, test.memory_kib === null ? "–" : `${(test.memory_kib / 1024).toFixed(1)} MiB`);
  cell(row, test.message, "message-cell");
  row.lastChild.dataset.full = test.message || "";
  if (test.verdict !== "AC") row.lastChild.dataset.failing = "";
  rows.appendChild(row);
  if (test.verdict !== "AC") sayOnce();
  if (test.verdict !== "AC" && test.board && boardBox.hidden) {
    boardBox.textContent = `${test.name}:\n${test.board}`;
    boardBox.hidden = false;
  }
  const compare = document.getElementById("compare");
  if (test.verdict === "WA" && !test.hidden && compare.hidden && test.name in samples
      && test.returned !== null && test.returned !== undefined) {
    compareWithExpected(test.name, samples[test.name], test.returned);
  }
}

// The expected answer and the student's side by side, the difference said: the missing and
// the extra items where their order does not matter (the problem's checker says so, and a
// list of lists is read so too: placements, boards), else the first item that differs. Only a sample's: a hidden test's answer never reaches the page.
function compareWithExpected(name, expected, returned) {
  document.getElementById("compare-title").textContent =
    `${name}, the first failing sample: expected beside yours`;
  document.getElementById("compare-expected").textContent = shown(expected);
  document.getElementById("compare-yours").textContent = shown(returned);
  document.getElementById("difference").textContent = difference(expected, returned);
  document.getElementById("compare").hidden = false;
  bringIntoView(document.getElementById("results-panel"));
}

function difference(expected, returned) {
  const listOfLists = (value) => Array.isArray(value) && value.every(Array.isArray);
  const anyOrder = document.getElementById("submit-form").dataset.anyOrder === "true";
  if ((anyOrder || listOfLists(expected)) && Array.isArray(expected) && Array.isArray(returned)) {
    const key = (item) => JSON.stringify(item);
    const wanted = new Set(expected.map(key));
    const given = new Set(returned.map(key));
    const missing = [...wanted].filter((item) => !given.has(item));
    const extra = [...given].filter((item) => !wanted.has(item));
    const some = (items) => items.slice(0, 4).join(", ") + (items.length > 4 ? ", …" : "");
    const parts = [];
    if (missing.length) parts.push(`missing ${missing.length}: ${some(missing)}`);
    if (extra.length) parts.push(`extra ${extra.length}: ${some(extra)}`);
    if (returned.length !== given.size) parts.push(`${returned.length - given.size} repeated`);
    return parts.length ? `${parts.join("; ")}.` : "the same items, in another shape.";
  }
  if (Array.isArray(expected) && Array.isArray(returned)) {
    const index = expected.findIndex((item, i) => JSON.stringify(item) !== JSON.stringify(returned[i]));
    if (index >= 0) return `the first difference is at index ${index}: expected ${JSON.stringify(expected[index])}, yours ${JSON.stringify(returned[index])}.`;
    return `yours has ${returned.length - expected.length} more items than expected.`;
  }
  return `expected ${JSON.stringify(expected)}, yours ${JSON.stringify(returned)}.`;
}

function markCompileError(said) {
  const line = /:(\d+)/.exec(said || "");
  if (line) editor.markLine(Number(line[1]));
}

function showResult(result) {
  verdictLine.textContent = `${result.verdict}: ${result.score} / ${result.max_score}`;
  verdictLine.className = `verdict v-${result.verdict}`;
  if (result.compile_output) {
    compileBox.textContent = result.compile_output;
    compileBox.hidden = false;
    markCompileError(result.compile_output);
  }
  statusLine.textContent = "Done.";
  bringIntoView(document.getElementById("results-panel"));
  document.dispatchEvent(new CustomEvent("grader:graded", { detail: result }));
  refreshHistory();
}

function watch(id) {
  if (stream) stream.close();
  clearResults();
  statusLine.textContent = "Grading…";
  verdictLine.textContent = "Grading…";
  stream = new EventSource(`/v1/submissions/${id}/events`);
  stream.addEventListener("test", (event) => addRow(JSON.parse(event.data)));
  stream.addEventListener("result", (event) => {
    stream.close();
    showResult(JSON.parse(event.data));
  });
  stream.onerror = () => { statusLine.textContent = "Reconnecting…"; };
}

async function refreshHistory() {
  const response = await fetch("/v1/submissions");
  if (!response.ok) return;
  const mine = await response.json();
  const list = document.getElementById("history");
  list.replaceChildren();
  const ours = mine.submissions.filter((s) => s.problem === problem);
  document.dispatchEvent(new CustomEvent("grader:history", { detail: ours }));
  for (const item of ours.slice(0, 10)) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `#submission=${item.id}`;
    link.textContent = `${new Date(item.submitted_at * 1000).toLocaleTimeString()} ${item.language}: ${item.verdict || item.status}`;
    link.addEventListener("click", () => watch(item.id));
    li.appendChild(link);
    list.appendChild(li);
  }
}

const resumed = /submission=([0-9a-f]+)/.exec(location.hash);
if (resumed) watch(resumed[1]);
refreshHistory();
