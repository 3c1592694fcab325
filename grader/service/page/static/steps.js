// A lesson's steps beside the editor: the step being worked on open, the ones passed marked,
// as the last check left them (its score is the number of steps passed, in order), and the
// most a submission of this student's has passed so far, from their history.
"use strict";

const stepsBox = document.getElementById("steps");
const stepCount = Number(stepsBox.dataset.count);
let checkedNow = false;  // a check of this visit decides the open step, not the history

function showProgress(passed) {
  const now = Math.min(passed + 1, stepCount);
  document.getElementById("step-now").textContent = String(now);
  for (const item of stepsBox.querySelectorAll("li[data-step]")) {
    const number = Number(item.dataset.step);
    item.classList.toggle("passed", number <= passed);
    item.querySelector("details").open = number === now;
    if (number === now) item.setAttribute("aria-current", "step");
    else item.removeAttribute("aria-current");
  }
}

document.addEventListener("grader:graded", (event) => {
  checkedNow = true;
  showProgress(event.detail.score);
});

document.addEventListener("grader:history", (event) => {
  const best = Math.max(0, ...event.detail.map((item) => item.score || 0));
  const said = document.getElementById("step-best");
  said.hidden = best === 0;
  said.textContent = best === stepCount
    ? `Every step passed (${stepCount} of ${stepCount}).`
    : `Your best so far: ${best} of ${stepCount} steps passed.`;
  if (!checkedNow) showProgress(best);
});
