// The instructor's class view: a batch upload and a rejudge, both through the API.
"use strict";

const batchForm = document.getElementById("batch-form");
batchForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData();
  data.append("problem", batchForm.dataset.problem);
  for (const file of document.getElementById("files").files) {
    data.append(file.name.endsWith(".zip") ? "archive" : "files", file);
  }
  const said = document.getElementById("batch-status");
  const response = await fetch("/v1/batches", { method: "POST", body: data, headers: { "X-Grader": "1" } });
  const answer = await response.json();
  said.textContent = response.ok
    ? `${answer.submissions} submissions handed in (${answer.refused.length} refused).`
    : answer.detail;
});

const rejudge = document.getElementById("rejudge");
rejudge.addEventListener("click", async () => {
  const said = document.getElementById("rejudge-status");
  said.textContent = "Rejudging…";
  const response = await fetch(`/v1/problems/${rejudge.dataset.problem}/rejudge?wait=30`, {
    method: "POST", headers: { "X-Grader": "1" },
  });
  const answer = await response.json();
  if (!response.ok) { said.textContent = answer.detail; return; }
  const changed = answer.submissions.filter((s) => s.changed).length;
  said.textContent = `${answer.regraded} graded again, ${changed} verdicts changed.`;
});
