// The exercise page: starter code per language, an editor that indents, Ctrl+Enter to
// check, each test's row as its event arrives, and a reload that picks up where it was.
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
const starter = JSON.parse(document.getElementById("starter").textContent);
const draftKey = (lang) => `grader:${problem}:${lang}`;
let stream = null;

function loadStarter() {
  const saved = localStorage.getItem(draftKey(language.value));
  source.value = saved !== null ? saved : starter[language.value] || "";
}

language.value = localStorage.getItem(`grader:${problem}:language`) || language.value;
loadStarter();
language.addEventListener("change", () => {
  localStorage.setItem(`grader:${problem}:language`, language.value);
  loadStarter();
});
source.addEventListener("input", () => localStorage.setItem(draftKey(language.value), source.value));

// Tab indents (four spaces) unless Esc was pressed just before: then it leaves the editor.
let escaped = false;
source.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { escaped = true; return; }
  if (event.key === "Tab" && !escaped && !event.shiftKey) {
    event.preventDefault();
    const start = source.selectionStart;
    source.setRangeText("    ", start, source.selectionEnd, "end");
    source.dispatchEvent(new Event("input"));
  }
  if (event.key !== "Tab") escaped = false;
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    form.requestSubmit();
  }
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { problem, language: language.value, source: source.value };
  if (student) body.student = student.value;
  if (stream) stream.close();
  clearResults();  // the last submission's rows are not this one's
  statusLine.textContent = "Handing in…";
  const response = await fetch("/v1/submissions", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Grader": "1" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    statusLine.textContent = answer.detail || `The grader answered ${response.status}.`;
    return;
  }
  history.replaceState(null, "", `#submission=${answer.id}`);
  watch(answer.id);
});

function clearResults() {
  rows.replaceChildren();
  verdictLine.textContent = "";
  verdictLine.className = "verdict";
  compileBox.hidden = true;
  boardBox.hidden = true;
}

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  row.appendChild(td);
}

function addRow(test) {
  const row = document.createElement("tr");
  cell(row, test.name + (test.hidden && test.input !== null ? " (hidden)" : ""));
  cell(row, test.verdict, `v-${test.verdict}`);
  // A hidden test's figures are not shown to students (null): they grow with its input.
  cell(row, test.time_s === null ? "–" : `${test.time_s.toFixed(3)} s`);
  cell(row, test.memory_kib === null ? "–" : `${(test.memory_kib / 1024).toFixed(1)} MiB`);
  cell(row, test.message);
  rows.appendChild(row);
  if (test.verdict !== "AC" && test.board && boardBox.hidden) {
    boardBox.textContent = `${test.name}:\n${test.board}`;
    boardBox.hidden = false;
  }
}

function showResult(result) {
  verdictLine.textContent = `${result.verdict}: ${result.score} / ${result.max_score}`;
  verdictLine.className = `verdict v-${result.verdict}`;
  if (result.compile_output) {
    compileBox.textContent = result.compile_output;
    compileBox.hidden = false;
    const line = /:(\d+)/.exec(result.compile_output);
    if (line) selectLine(Number(line[1]));
  }
  statusLine.textContent = "Done.";
  refreshHistory();
}

function selectLine(number) {
  const lines = source.value.split("\n");
  if (number < 1 || number > lines.length) return;
  const start = lines.slice(0, number - 1).join("\n").length + (number > 1 ? 1 : 0);
  source.setSelectionRange(start, start + lines[number - 1].length);
}

function watch(id) {
  if (stream) stream.close();
  clearResults();
  statusLine.textContent = "Grading…";
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
  for (const item of mine.submissions.filter((s) => s.problem === problem).slice(0, 10)) {
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
