#!/usr/bin/env python3
"""Independent paired-bootstrap reference for examples/enhanced-weathering-tracer.json.

Recomputes the 16th percentile of the example's net CO2e removal by Monte Carlo written from
the model's description alone (NumPy, not the engine): each draw resamples the 24 sampling
locations with replacement (one draw of row indices shared by the Ti and Ca columns: a paired
bootstrap), draws every other datapoint with a standard deviation from a normal distribution,
evaluates the titanium-tracer mass balance and the truck transport, and applies the control
correction where the control plots' p-value is below the significance level.

    python3 bench/ew_bootstrap_reference.py            # prints the figure as JSON
    python3 bench/ew_bootstrap_reference.py --write    # also writes bench/ew_bootstrap_reference.json

The committed figure (bench/ew_bootstrap_reference.json) is what test/accounting/ew-tracer.test.ts
compares the engine's Monte Carlo discount at p16 against (within 0.5 %).
"""
import json
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
DRAWS = 200_000
SEED = 20251129

MG_PER_KG = 1e-6  # mg/kg as a mass fraction
T_PER_HA = 1000.0 / 10_000.0  # t/ha in kg/m2
HA = 10_000.0  # m2
T = 1000.0  # kg
KM = 1000.0  # m
T_KM_FACTOR = 1.0 / (1000.0 * 1000.0)  # kgCO2e/(t km) in kg/(kg m)


def main() -> None:
    graph = json.loads((ROOT / "examples" / "enhanced-weathering-tracer.json").read_text())
    points = {d["id"]: d["quantity"] for d in graph["datapoints"]}
    columns = graph["sample_sets"][0]["columns"]
    ti_rows = np.array([points[i]["magnitude"] for i in columns["ti"]]) * MG_PER_KG
    ca_rows = np.array([points[i]["magnitude"] for i in columns["ca"]]) * MG_PER_KG
    rng = np.random.default_rng(SEED)

    def normal(name: str, scale: float) -> np.ndarray:
        q = points[name]
        sd = q["standard_deviation"] or 0.0
        return (q["magnitude"] + sd * rng.standard_normal(DRAWS)) * scale

    def constant(name: str, scale: float) -> float:
        return points[name]["magnitude"] * scale

    n = len(ti_rows)
    rows = rng.integers(0, n, size=(DRAWS, n))  # one draw of locations per Monte Carlo draw, shared by Ti and Ca
    ti_mixed = ti_rows[rows].mean(axis=1)
    ca_mixed = ca_rows[rows].mean(axis=1)
    ti_soil = normal("dtp_ti_soil", MG_PER_KG)
    ti_rock = normal("dtp_ti_rock", MG_PER_KG)
    ca_soil = normal("dtp_ca_soil", MG_PER_KG)
    ca_rock = normal("dtp_ca_rock", MG_PER_KG)
    soil_mass = normal("dtp_soil_mass", T_PER_HA)
    area = normal("dtp_area", HA)
    control = normal("dtp_control_change", MG_PER_KG)
    co2_per_ca = constant("dtp_co2_per_ca", 1.0)
    significant = constant("dtp_control_p_value", 1.0) < constant("dtp_significance", 1.0)

    rock_fraction = (ti_mixed - ti_soil) / (ti_rock - ti_soil)
    ca_expected = rock_fraction * ca_rock + (1 - rock_fraction) * ca_soil
    ca_weathered = ca_expected - ca_mixed + (control if significant else 0.0)
    removed = ca_weathered * soil_mass * area * co2_per_ca
    transport = normal("dtp_rock_mass", T) * normal("dtp_distance", KM) * normal("dtp_truck_factor", T_KM_FACTOR)
    net = removed - transport

    figure = {
        "draws": DRAWS,
        "seed": SEED,
        "percentile_16_kg": float(np.quantile(net, 0.16)),
        "mean_kg": float(net.mean()),
        "standard_deviation_kg": float(net.std(ddof=1)),
    }
    print(json.dumps(figure, indent=2))
    if "--write" in sys.argv:
        (ROOT / "bench" / "ew_bootstrap_reference.json").write_text(json.dumps(figure, indent=2) + "\n")


if __name__ == "__main__":
    main()
