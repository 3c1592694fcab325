"""A client that calls a Jobe server as Moodle's CodeRunner does (its jobesandbox class): the
same headers, the same run_spec (the input ends with a newline; the source is named
`__tester__.<language>`, or after its public class in Java; files listed by the MD5 of their
contents), and on 404 the files PUT in base64 and the run posted again."""

from __future__ import annotations

import base64
import hashlib
import random
import re

import httpx
import jsonschema

API = "/jobe/index.php/restapi"
RESULT_SCHEMA = {
    "type": "object",
    "required": ["run_id", "outcome", "cmpinfo", "stdout", "stderr"],
    "properties": {
        "run_id": {"type": ["string", "null"]},
        "outcome": {"enum": [11, 12, 13, 15, 17, 19, 20, 21]},
        "cmpinfo": {"type": "string"},
        "stdout": {"type": "string"},
        "stderr": {"type": "string"},
    },
}
PUBLIC_CLASS = re.compile(r"public\s(?:\w*\s)*class\s*(\w+)\W")


class CodeRunnerJobe:
    def __init__(self, client: httpx.Client, api_key: str = "") -> None:
        self._client = client
        self._api_key = api_key

    def headers(self, job_id: str = "") -> dict[str, str]:
        headers = {
            "User-Agent": "CodeRunner",
            "Content-Type": "application/json; charset=utf-8",
            "Accept-Charset": "utf-8",
            "Accept": "application/json",
        }
        if self._api_key:
            headers["X-API-KEY"] = self._api_key
        if job_id:
            headers["X-CodeRunner-Job-Id"] = job_id
        return headers

    def languages(self) -> httpx.Response:
        return self._client.get(f"{API}/languages", headers=self.headers())

    def execute(
        self,
        source: str,
        language: str,
        stdin: str = "",
        files: dict[str, bytes] | None = None,
        parameters: dict[str, object] | None = None,
    ) -> httpx.Response:
        language = language.lower()
        if stdin and not stdin.endswith("\n"):
            stdin += "\n"
        if language == "java":
            found = PUBLIC_CLASS.search(source + " ")
            name = f"{found.group(1)}.java" if found else "NO_PUBLIC_CLASS_FOUND.java"
        else:
            name = f"__tester__.{language}"
        files = files or {}
        spec: dict[str, object] = {
            "language_id": language,
            "sourcecode": source,
            "sourcefilename": name,
            "input": stdin,
            "file_list": [[hashlib.md5(c).hexdigest(), n] for n, c in files.items()],
        }
        if parameters is not None:
            spec["parameters"] = parameters
        job = f"{random.getrandbits(32):08x}"
        answer = self._post(spec, job)
        if answer.status_code == 404:
            for content in files.values():
                put = self.put_file(content, job)
                if put.status_code != 204:
                    return put
            answer = self._post(spec, job)
        return answer

    def put_file(self, content: bytes, job_id: str = "") -> httpx.Response:
        file_id = hashlib.md5(content).hexdigest()
        body = {"file_contents": base64.b64encode(content).decode()}
        return self._client.put(f"{API}/files/{file_id}", json=body, headers=self.headers(job_id))

    def _post(self, spec: dict[str, object], job_id: str) -> httpx.Response:
        return self._client.post(
            f"{API}/runs", json={"run_spec": spec}, headers=self.headers(job_id)
        )


def result_of(answer: httpx.Response) -> dict[str, object]:
    """A run's answer, checked against the form of Jobe's."""
    assert answer.status_code == 200, answer.text
    document: dict[str, object] = answer.json()
    jsonschema.validate(document, RESULT_SCHEMA)
    return document
