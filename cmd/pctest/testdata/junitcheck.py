"""Reads a pctest JUnit report with junitparser (a third-party JUnit
consumer, Debian's python3-junitparser) and prints, as JSON, what it sees:
the counts each level declares and the counts of its testcases' results,
so that pctest's test can check that they agree."""
import json
import sys

from junitparser import Error, Failure, JUnitXml, Skipped

xml = JUnitXml.fromfile(sys.argv[1])
out = {
    "root": {"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "skipped": xml.skipped},
    "suites": [],
}
for suite in xml:
    counted = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    xfail = {}
    for case in suite:
        counted["tests"] += 1
        for r in case.result:
            if isinstance(r, Failure):
                counted["failures"] += 1
            elif isinstance(r, Error):
                counted["errors"] += 1
            elif isinstance(r, Skipped):
                counted["skipped"] += 1
        props = case._elem.find("properties")
        if props is not None:
            for p in props.findall("property"):
                if p.get("name") == "pctest.expected_failure":
                    xfail[case.name] = {"entry": p.get("value"), "system_out": case.system_out or ""}
    out["suites"].append({
        "name": suite.name,
        "declared": {"tests": suite.tests, "failures": suite.failures, "errors": suite.errors, "skipped": suite.skipped},
        "counted": counted,
        "xfail": xfail,
        "cases": [c.name for c in suite],
    })
print(json.dumps(out))
