"""The NumPy side of bench/monte-carlo.mjs: the same 720-entry graph, the same model, vectorised
over the draws entry by entry (normal inputs, SI units), and the 16th percentile of each entry's
net, printed as a JSON array. Usage: python3 bench/monte_carlo_numpy.py graph.json samples."""
import json
import sys

import numpy as np

graph = json.load(open(sys.argv[1]))
samples = int(sys.argv[2])
rng = np.random.default_rng(1)
by_id = {d["id"]: d["quantity"] for d in graph["datapoints"]}
components = {c["id"]: {i["input_key"]: i["datapoint_ids"][0] for i in c["inputs"]} for c in graph["components"]}
# SI scale of each unit the generator writes: t -> kg, km -> m, kWh -> J; the factors' units
# cancel into kg CO2e the same way, so the model below works in the document's units and scales once.
TO_KG = {"sequestration": 1000.0, "transport": 1.0, "energy": 1.0}


def draw(dp_id):
    q = by_id[dp_id]
    return rng.normal(q["magnitude"], q["standard_deviation"], samples)


out = []
for entry in graph["ghg_entries"]:
    seq, tra, ene = (components[a["component_id"]] for a in entry["component_attributions"])
    m = draw(seq["m"])
    net = m * draw(seq["c"]) * (44 / 12) * draw(seq["p"]) * TO_KG["sequestration"]
    net -= m * draw(tra["d"]) * draw(tra["ef"])
    net -= draw(ene["e"]) * draw(ene["ef"])
    out.append(float(np.percentile(net, 16)))
print(json.dumps(out))
