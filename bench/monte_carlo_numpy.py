"""The NumPy side of bench/monte-carlo.mjs: the same 720-entry graph, the same model, vectorised
over the draws entry by entry (normal inputs, in the document's units, scaled to kg once), as a
methodologist would write it, and the 16th percentile of each entry's net, printed as a JSON array.
Reads either graph of bench/monte-carlo-graphs.mjs (the `lists` graph has a `leakage` blueprint).
Usage: python3 bench/monte_carlo_numpy.py graph.json samples."""
import json
import sys

import numpy as np

graph = json.load(open(sys.argv[1]))
samples = int(sys.argv[2])
rng = np.random.default_rng(1)
by_id = {d["id"]: d["quantity"] for d in graph["datapoints"]}
components = {c["id"]: {i["input_key"]: i["datapoint_ids"] for i in c["inputs"]} for c in graph["components"]}
# t -> kg for the sequestered and leaked CO2 (m in t times a fraction); the factors' units cancel
# into kg CO2e (kgCO2e/(t*km) * t * km, kgCO2e/kWh * kWh).
T_TO_KG = 1000.0


def draw(dp_id):
    q = by_id[dp_id]
    return rng.normal(q["magnitude"], q["standard_deviation"], samples)


def draws(ids):
    """A LIST input: one row of draws per datapoint."""
    return np.stack([draw(i) for i in ids])


def biochar(entry):
    seq, tra, ene = (components[a["component_id"]] for a in entry["component_attributions"])
    m = draw(seq["m"][0])
    net = m * draw(seq["c"][0]) * (44 / 12) * draw(seq["p"][0]) * T_TO_KG
    net -= m * draw(tra["d"][0]) * draw(tra["ef"][0])
    net -= draw(ene["e"][0]) * draw(ene["ef"][0])
    return net


def lists(entry):
    seq, tra, ene, lea = (components[a["component_id"]] for a in entry["component_attributions"])
    m = draw(seq["m"][0])
    c = draws(seq["c"])
    net = m * np.minimum(c.mean(axis=0), 0.9) * (44 / 12) * np.exp(-draw(seq["k"][0])) * T_TO_KG
    net -= m * draws(tra["d"]).sum(axis=0) * draw(tra["ef"][0])
    e = draws(ene["e"])
    net -= e.mean(axis=0) * e.shape[0] * draw(ene["ef"][0])
    net -= m * c.max(axis=0) * (44 / 12) * np.log(1 + draw(lea["r"][0])) * T_TO_KG
    return net


model = lists if any(b["key"] == "leakage" for b in graph["component_blueprints"]) else biochar
print(json.dumps([float(np.percentile(model(entry), 16)) for entry in graph["ghg_entries"]]))
