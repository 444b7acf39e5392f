#!/usr/bin/env python3
"""The script a methodologist would write to check a removal graph by hand, with Pint and the
`uncertainties` package (first-order propagation; a datapoint reused anywhere in an entry is one
variable, so its uses are correlated). bench/vs-python.mjs runs it beside the engine on the same
graph and compares the two, entry by entry.

    python3 bench/uncertainties_script.py graph.json results.json

Reads the graph document, converts every datapoint to SI with Pint (one conversion per distinct
unit string, cached), makes one `ufloat` per datapoint that has a standard deviation (a plain
float otherwise: no part in the propagation), evaluates each component once from its blueprint's
templates, and per GHG entry the signed attributed sum, its standard deviation and the net after
the one-sigma discount. Writes [id, net without discount, standard deviation or None, net] per
entry, and prints one JSON line of timings to stdout: `seconds` is everything after json.load.
"""
import json
import math
import re
import sys
import time

import pint
from uncertainties import ufloat
from uncertainties.core import AffineScalarFunc

SIGNS = {
    "SEQUESTRATION": 1, "REDUCTION": 1, "ADJUSTMENT": 1,
    "ACTIVITY": -1, "COUNTERFACTUAL": -1, "REMOVAL_COUNTERFACTUAL": -1, "LOSS": -1, "UNCERTAINTY_DISCOUNT": -1,
}

ureg = pint.UnitRegistry()
# What Pint's default registry lacks of the service's spellings: percent (Pint 0.19's parser does not
# read `%`) and CO2e masses (a CO2e mass is a mass, so `kgCO2e/kWh` is read as `kg/kWh`).
if "percent" not in ureg:
    ureg.define("percent = 0.01")
_si_factor = {}


def si_factor(unit):
    """SI factor of a unit string, computed once per distinct string."""
    factor = _si_factor.get(unit)
    if factor is None:
        text = unit.replace("CO2e", "").replace("%", "percent")
        factor = ureg.Quantity(1.0, text).to_base_units().magnitude if text != "dimensionless" else 1.0
        _si_factor[unit] = factor
    return factor


def mean(values):
    return sum(values) / len(values)


FUNCTIONS = {"sum": sum, "mean": mean, "sqrt": lambda x: x ** 0.5, "abs": abs, "min": min, "max": max}


def compile_blueprint(blueprint):
    """Each expression's template as Python code over its variables; the last expression is the result."""
    steps = []
    for expression in blueprint["expressions"]:
        code = compile(re.sub(r"\{(\w+)\}", r"v_\1", expression["template"]), expression["key"], "eval")
        steps.append((expression["key"], code, [(m["template_key"], m["input_key"], m["type"]) for m in expression["inputs"]]))
    return steps


def evaluate_component(steps, inputs):
    results = {}
    value = None
    for key, code, mappings in steps:
        scope = dict(FUNCTIONS)
        for template_key, input_key, kind in mappings:
            if kind == "DATAPOINT":
                scope["v_" + template_key] = inputs[input_key]
            elif kind == "EXPRESSION_RESULT":
                scope["v_" + template_key] = results[input_key]
            else:  # ZERO_TCO2E
                scope["v_" + template_key] = 0.0
        value = eval(code, scope)
        results[key] = value
    return value


def main(graph_path, out_path):
    with open(graph_path) as f:
        graph = json.load(f)
    started = time.perf_counter()

    blueprints = {b["key"]: (compile_blueprint(b), b["type"], {i["input_key"]: i["data_shape"] for i in b["inputs"]}) for b in graph["component_blueprints"]}
    values = {}
    for d in graph["datapoints"]:
        q = d["quantity"]
        factor = si_factor(q["unit"])
        sd = q.get("standard_deviation")
        magnitude = q["magnitude"] * factor
        values[d["id"]] = magnitude if sd is None else ufloat(magnitude, sd * abs(factor))
    converted = time.perf_counter()

    components = {}
    for c in graph["components"]:
        steps, kind, shapes = blueprints[c["blueprint_key"]]
        inputs = {}
        for i in c["inputs"]:
            ids = i["datapoint_ids"] if "datapoint_ids" in i else [i["datapoint_id"]]
            inputs[i["input_key"]] = [values[x] for x in ids] if shapes[i["input_key"]] == "LIST" else values[ids[0]]
        components[c["id"]] = (evaluate_component(steps, inputs), SIGNS[kind])
    evaluated = time.perf_counter()

    rows = []
    for e in graph["ghg_entries"]:
        net = 0.0
        for a in e["component_attributions"]:
            value, sign = components[a["component_id"]]
            factor = a.get("attribution_factor")
            net = net + sign * (1.0 if factor is None else factor) * value
        if isinstance(net, AffineScalarFunc) and net.derivatives:
            nominal, sd = net.nominal_value, net.std_dev
        else:
            nominal, sd = float(net.nominal_value if isinstance(net, AffineScalarFunc) else net), None
        rows.append([e["id"], nominal, sd, nominal - (0.0 if sd is None else sd)])
    finished = time.perf_counter()

    with open(out_path, "w") as f:
        json.dump(rows, f)
    print(json.dumps({
        "seconds": finished - started,
        "convert_seconds": converted - started,
        "components_seconds": evaluated - converted,
        "entries_seconds": finished - evaluated,
        "entries": len(rows),
        "units": len(_si_factor),
        "python": sys.version.split()[0],
        "pint": pint.__version__,
    }))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.stderr.write("usage: python3 bench/uncertainties_script.py graph.json results.json\n")
        sys.exit(2)
    main(sys.argv[1], sys.argv[2])
