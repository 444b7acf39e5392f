#!/usr/bin/python3
"""Pint's reading of unit strings, once, as data for the unit tests (test/units/pint-reference.json).

The engine reads unit strings as Pint's default registry does (semantics.md section 2). This script
asks Pint itself, so that the tests compare the engine with Pint without running Python:

- "names": every name, symbol and alias of Pint's default registry (default_en.txt and
  constants_en.txt), each with the SI value Pint gives it;
- "pairs": (quantity kind, unit string) pairs covering every quantity kind, each unit written by Pint
  in its long ("D"), short ("~"), pretty ("P", "~P") and compact ("C", "~C") formats, with Pint's SI
  value beside it;
- "prefixed": every prefix spelling of Pint before a sample of unit names and symbols, with and
  without a plural s, and Pint's reading of each (its SI value, or null when Pint refuses it).

An SI value is a factor and an offset: x in the unit is x * factor + offset in SI (kg, m, s, A, K,
cd, mol, rad; USD for money; bit for information). The dimension is given over the engine's base
dimensions, where the radian is a dimension of its own (Pint counts it as dimensionless) and the bit
is Pint's [information] (no quantity kind takes it).

"pairs" are computed in Pint's registry extended with the few names Pint 0.19 lacks (newer Pint's
percent, permille and ppm) and the service's own names (CO2e masses, USD, kt, pH, ...); each pair
records whether the unit uses one of those. Regenerate with:

    /usr/bin/python3 scripts/pint-reference.py > test/units/pint-reference.json

Requires Pint (Debian's python3-pint; written against 0.19.2). Run by hand only, never by the tests.
"""
import json
import math
import os
import re
import sys

import pint
from pint.converters import LogarithmicConverter, OffsetConverter

# The engine's base dimensions, in its order, and Pint's root unit of each (gram, not kilogram:
# Pint's root of mass is the gram, hence the 1e-3 per power of mass below).
BASES = [
    ("mass", "gram"),
    ("length", "meter"),
    ("time", "second"),
    ("current", "ampere"),
    ("temperature", "kelvin"),
    ("luminous_intensity", "candela"),
    ("amount_of_substance", "mole"),
    ("angle", "radian"),
    ("currency", "USD"),
    ("information", "bit"),
]
DIMENSIONLESS_ROOTS = {"count", "CO2e", "pH"}

# Names newer Pint defines (percent and ppm since 0.21, permille since 0.24) and the service's own
# names; the engine lists the latter in its table of departures (src/units/departures.ts).
NEWER_PINT = [
    "percent = 0.01 = %",
    "permille = 0.001 = ‰",
    "ppm = 1e-6",
]
SERVICE = [
    "@alias ppm = parts_per_million",
    "cubic_meter = meter ** 3",
    "square_meter = meter ** 2",
    "CO2e = []",
    "gCO2e = gram",
    "tCO2e = metric_ton",
    "USD = [currency]",
    "kilotonne = 1e6 * kilogram = kt",
    "pH = []",
    "ppb = 1e-9",
    "molal = mole / kilogram",
    "mpg = mile / gallon",
]
SERVICE_NAMES = re.compile(r"CO2e|USD|\bkt\b|kilotonne|pH|ppb|molal|mpg|cubic_meter|square_meter|parts_per_million")
NEWER_NAMES = re.compile(r"%|‰|percent|permille|ppm")

PINT_DIR = os.path.dirname(pint.__file__)


def registry(extended):
    reg = pint.UnitRegistry(on_redefinition="ignore")
    if extended:
        # Pint 0.19's tokenizer cannot read % and ‰; newer Pint replaces them by their names.
        reg.preprocessors.append(lambda s: s.replace("%", " percent ").replace("‰", " permille "))
        for line in NEWER_PINT + SERVICE:
            reg.define(line)
    return reg


def si_value(reg, unit):
    """(dimension, factor, offset) of a Unit, or None when it has no SI value of the engine."""
    q = reg.Quantity(1, unit)
    roots = q.to_root_units().units._units
    dim = []
    for _, root in BASES:
        dim.append(float(roots[root]) if root in roots else 0.0)
    for name in roots:
        if name not in [r for _, r in BASES] and name not in DIMENSIONLESS_ROOTS:
            return None
    names = list(unit._units)
    single = len(names) == 1 and unit._units[names[0]] == 1
    conv = reg._units[names[0]].converter if single else None
    if isinstance(conv, OffsetConverter) and conv.offset != 0:
        # An offset unit alone: Pint's converter is x * scale + offset (kelvin).
        return dim, conv.scale, conv.offset
    factor = q.to_root_units().magnitude * (1e-3 ** dim[0])
    return dim, factor, 0.0


def canonical_names():
    """Canonical unit names of Pint's definition files (not the prefixed names Pint caches)."""
    names = []
    for file in ("constants_en.txt", "default_en.txt"):
        with open(os.path.join(PINT_DIR, file), encoding="utf-8") as f:
            for line in f:
                m = re.match(r"\s*([^\s=#@\[\]-][^\s=]*)\s*=", line)
                if m and not line.strip().startswith("@") and not m.group(1).endswith("-"):
                    names.append(m.group(1))
    return names


def names_section(reg):
    rows = []
    for name in canonical_names():
        if name not in reg._units or reg._units[name].name != name:
            continue  # a setting such as `system = mks`, not a unit
        d = reg._units[name]
        spellings = [name] + ([d.symbol] if d.symbol and d.symbol != "_" else []) + list(d.aliases)
        if isinstance(d.converter, OffsetConverter) and d.converter.offset != 0:
            delta = reg._units["delta_" + name]
            spellings_delta = ["delta_" + name] + [delta.symbol] + list(delta.aliases)
        else:
            spellings_delta = []
        for group, canonical in ((spellings, name), (spellings_delta, "delta_" + name)):
            if not group:
                continue
            if isinstance(reg._units[canonical].converter, LogarithmicConverter):
                value = "logarithmic"
            else:
                v = si_value(reg, reg.Unit(canonical))
                value = "no engine dimension" if v is None else v
            for spelling in dict.fromkeys(group):
                rows.append([spelling, canonical, value])
    return rows


# ---------------------------------------------------------------------------------------------
# Units of each quantity kind

MASS = ["kilogram", "gram", "milligram", "microgram", "metric_ton", "megagram", "pound", "ounce", "ton",
        "long_ton", "grain", "carat", "stone", "hundredweight", "troy_ounce", "slug", "dalton", "gigagram"]
CO2E = ["kgCO2e", "tCO2e", "gCO2e", "MtCO2e", "ktCO2e", "kilogram * CO2e", "kt", "megametric_ton"]
LENGTH = ["meter", "kilometer", "centimeter", "millimeter", "micrometer", "nanometer", "inch", "foot", "yard",
          "mile", "nautical_mile", "survey_foot", "angstrom", "micron", "thou", "rod", "chain", "furlong",
          "fathom", "league", "hand", "astronomical_unit", "light_year", "metre", "decimeter"]
AREA = ["meter ** 2", "centimeter ** 2", "kilometer ** 2", "hectare", "are", "acre", "square_foot", "square_inch",
        "square_mile", "square_yard", "circular_mil", "square_rod", "barn", "millimeter ** 2", "square_meter"]
VOLUME = ["meter ** 3", "liter", "milliliter", "centiliter", "deciliter", "hectoliter", "cubic_centimeter",
          "cubic_inch", "cubic_foot", "cubic_yard", "gallon", "quart", "pint", "cup", "fluid_ounce", "barrel",
          "oil_barrel", "beer_barrel", "imperial_gallon", "imperial_pint", "bushel", "acre_foot", "stere",
          "teaspoon", "tablespoon", "board_foot", "cubic_meter", "kiloliter", "megaliter"]
TIME = ["second", "millisecond", "minute", "hour", "day", "week", "fortnight", "month", "year", "common_year",
        "leap_year", "gregorian_year", "century", "millennium", "microsecond", "kiloyear"]
ENERGY = ["joule", "kilojoule", "megajoule", "gigajoule", "terajoule", "watt_hour", "kilowatt_hour",
          "megawatt_hour", "gigawatt_hour", "calorie", "kilocalorie", "international_calorie",
          "british_thermal_unit", "international_british_thermal_unit", "therm", "US_therm", "quadrillion_Btu",
          "tonne_of_oil_equivalent", "ton_TNT", "electron_volt", "erg", "foot_pound", "atmosphere_liter",
          "megaelectron_volt", "thermochemical_british_thermal_unit", "kilowatt * hour", "watt * second"]
POWER = ["watt", "kilowatt", "megawatt", "gigawatt", "milliwatt", "horsepower", "metric_horsepower",
         "boiler_horsepower", "electrical_horsepower", "refrigeration_ton", "volt_ampere",
         "british_thermal_unit / hour", "joule / second", "kilojoule / hour", "erg / second"]
PRESSURE = ["pascal", "hectopascal", "kilopascal", "megapascal", "bar", "millibar", "standard_atmosphere",
            "technical_atmosphere", "torr", "millimeter_Hg", "inch_Hg", "psi", "ksi", "centimeter_H2O",
            "foot_H2O", "barye", "inch_H2O_39F", "newton / meter ** 2", "kilogram_force / centimeter ** 2",
            "millitorr", "gigapascal"]
TEMPERATURE = ["kelvin", "degree_Celsius", "degree_Fahrenheit", "degree_Rankine", "degree_Reaumur",
               "delta_degree_Celsius", "delta_degree_Fahrenheit", "millikelvin", "degC", "degF"]
SUBSTANCE = ["mole", "millimole", "micromole", "kilomole", "centimole", "nanomole", "particle"]
CURRENT = ["ampere", "milliampere", "microampere", "kiloampere", "biot", "abampere", "mean_international_ampere"]
VOLTAGE = ["volt", "millivolt", "kilovolt", "megavolt", "microvolt", "abvolt", "mean_international_volt",
           "watt / ampere", "joule / coulomb"]
ACTIVITY = ["becquerel", "kilobecquerel", "megabecquerel", "curie", "picocurie", "rutherford", "counts_per_second"]
DOSE = ["sievert", "millisievert", "microsievert", "gray", "milligray", "rem", "millirem", "rads", "joule / kilogram"]
ANGLE = ["degree", "radian", "arcminute", "arcsecond", "grade", "turn", "milliradian", "mil", "milliarcsecond"]
RATIO = ["dimensionless", "percent", "permille", "ppm", "count", "ppb", "parts_per_million", "pi",
         "kilogram / kilogram", "gram / kilogram", "mole / mole", "liter / liter"]
ACIDITY = ["pH"]
CURRENCY = ["USD"]

# For compound kinds, the first few units of each family are combined (all of them alone would
# make tens of thousands of pairs without testing anything more).
FEW = 5


def quotient(num, den, n=FEW, d=FEW):
    return [f"({a}) / ({b})" for a in num[:n] for b in den[:d]]


RECIPES = {
    "acidity": ACIDITY + RATIO[:6],
    "activity_concentration": quotient(ACTIVITY, VOLUME),
    "amount_of_substance": SUBSTANCE,
    "amount_of_substance_concentration": quotient(SUBSTANCE, VOLUME) + ["molar", "millimolar"],
    "amount_of_substance_per_mass": quotient(SUBSTANCE, MASS),
    "area": AREA,
    "area_carbon_emission_factor": quotient(CO2E + MASS, AREA, 8, 6),
    "buffer_ph": ACIDITY + RATIO[6:],
    "bulk_density": quotient(MASS, VOLUME, 6, 6),
    "count": RATIO[:8],
    "currency": CURRENCY + ["kiloUSD", "megaUSD"],
    "currency_carbon_emission_factor": quotient(CO2E + MASS, CURRENCY, 12, 1),
    "depth": LENGTH[:12],
    "diameter": LENGTH[:10],
    "diameter_at_breast_height": LENGTH[:10],
    "dimensionless": RATIO,
    "dimensionless_ratio": RATIO,
    "distance": LENGTH,
    "distance_carbon_emission_factor": quotient(CO2E + MASS, LENGTH, 8, 6),
    "dose_equivalent_rate": quotient(DOSE, TIME, 6, 6),
    "electric_current": CURRENT,
    "elevation": LENGTH[:12],
    "energy": ENERGY,
    "energy_carbon_emission_factor": quotient(CO2E + MASS, ENERGY, 9, 10),
    "energy_density": quotient(ENERGY, VOLUME, 6, 6),
    "exchangeable_amount_of_substance_per_mass": quotient(SUBSTANCE, MASS),
    "fuel_economy": quotient(LENGTH, VOLUME) + ["mpg"],
    "height": LENGTH[:12],
    "ionic_strength": quotient(SUBSTANCE, VOLUME),
    "latitude": ANGLE,
    "longitude": ANGLE,
    "mass": MASS + CO2E,
    "mass_carbon": MASS + CO2E,
    "mass_carbon_emission_factor": quotient(CO2E, MASS, 8, 6),
    "mass_cdr_potential": quotient(CO2E, MASS, 8, 6),
    "mass_concentration": quotient(MASS, VOLUME),
    "mass_density": quotient(MASS, VOLUME, 6, 8),
    "mass_distance": [f"{a} * {b}" for a in MASS[:6] for b in LENGTH[:5]],
    "mass_distance_carbon_emission_factor": [f"{a} / ({b} * {c})" for a in CO2E[:5] for b in MASS[:4] for c in LENGTH[:4]],
    "mass_energy_density": quotient(ENERGY, MASS, 6, 6),
    "mass_flow_rate": quotient(MASS, TIME, 6, 6),
    "mass_fraction": quotient(MASS, MASS) + RATIO[:4],
    "mass_fraction_dry_basis": quotient(MASS, MASS) + RATIO[:4],
    "mass_fraction_wet_basis": quotient(MASS, MASS) + RATIO[:4],
    "mass_per_area": quotient(MASS, AREA, 6, 6),
    "mass_ratio": quotient(MASS, MASS) + RATIO[:4],
    "molality_of_solute": quotient(SUBSTANCE, MASS) + ["molal", "millimolal"],
    "molar_mass": quotient(MASS, SUBSTANCE),
    "mole_fraction": quotient(SUBSTANCE, SUBSTANCE) + RATIO[:4],
    "partial_pressure": PRESSURE,
    "particle_diameter": LENGTH[:8],
    "particle_mass_density": quotient(MASS, VOLUME),
    "power": POWER,
    "pressure": PRESSURE,
    "specific_surface_area": quotient(AREA, MASS),
    "specific_volume": quotient(VOLUME, MASS),
    "temperature": TEMPERATURE,
    "time": TIME,
    "time_emission_factor": quotient(CO2E + MASS, TIME, 8, 6),
    "voltage": VOLTAGE,
    "volume": VOLUME,
    "volume_carbon_emission_factor": quotient(CO2E + MASS, VOLUME, 8, 6),
    "volume_distance_carbon_emission_factor": [f"{a} / ({b} * {c})" for a in CO2E[:5] for b in VOLUME[:4] for c in LENGTH[:4]],
    "volume_flow_rate": quotient(VOLUME, TIME, 6, 6),
    "volume_fraction": quotient(VOLUME, VOLUME) + RATIO[:4],
    "volume_per_area": quotient(VOLUME, AREA) + LENGTH[:4],
}

FORMATS = [("long", ""), ("short", "~"), ("pretty", "P"), ("pretty_short", "~P"), ("compact", "C"), ("compact_short", "~C")]


def reads_back(reg, text, unit):
    try:
        return reg.parse_units(text) == unit
    except Exception:
        return False


def pairs_section(reg):
    rows = []
    for kind, expressions in RECIPES.items():
        seen = set()
        dims = set()
        for expression in expressions:
            unit = reg.parse_units(expression)
            dim, factor, offset = si_value(reg, unit)
            dims.add(tuple(dim))
            for fmt_name, spec in FORMATS:
                text = format(unit, spec)
                if text in seen:
                    continue
                seen.add(text)
                source = "service" if SERVICE_NAMES.search(text) else "newer_pint" if NEWER_NAMES.search(text) else "pint"
                rows.append([kind, text, fmt_name, factor, offset, source, reads_back(reg, text, unit)])
        if len(dims) != 1:
            sys.exit(f"units of different dimensions for {kind}: {dims}")
    return rows


# Names and symbols to put prefixes and plurals on: each reading of a prefixed name goes through
# Pint's search over prefixes and suffixes, whose order decides names that split two ways.
PREFIXED_UNITS = ["gram", "g", "meter", "m", "second", "s", "liter", "L", "l", "joule", "J", "watt_hour", "Wh",
                  "pascal", "Pa", "mole", "mol", "tonne", "t", "metric_ton", "ampere", "A", "volt", "V",
                  "becquerel", "Bq", "sievert", "Sv", "at", "cd", "ct", "byte", "B", "degC", "inch", "in"]


def prefixed_section(reg):
    rows = []
    seen = set()
    for unit in PREFIXED_UNITS:
        for prefix in reg._prefixes:
            for plural in ("", "s"):
                text = prefix + unit + plural
                if text in seen:
                    continue
                seen.add(text)
                try:
                    v = si_value(reg, reg.parse_units(text))
                except Exception:
                    v = None
                if unit == "degC" and prefix and v is not None:
                    v = "prefixed offset unit"  # the engine refuses these (departures.ts)
                rows.append([text, v])
    return rows


def main():
    plain = registry(extended=False)
    extended = registry(extended=True)
    data = {
        "generator": "scripts/pint-reference.py",
        "pint_version": pint.__version__,
        "bases": [b for b, _ in BASES],
        "additions": {"newer_pint": NEWER_PINT, "service": SERVICE},
        "pair_columns": ["kind", "unit", "format", "factor", "offset", "source", "pint_reads_back"],
        "name_columns": ["name", "pint_canonical", "[dimension, factor, offset] or why not"],
        "pairs": pairs_section(extended),
        "names": names_section(plain),
        "prefixed": prefixed_section(plain),
    }
    out = json.dumps(data, ensure_ascii=False, indent=None, separators=(",", ":"))
    # One row per line, so that a regeneration shows as a readable diff.
    out = out.replace('],["', '],\n["')
    for section in ("pairs", "names", "prefixed"):
        out = out.replace(f'"{section}":[[', f'"{section}":[\n[')
    sys.stdout.write(out + "\n")


if __name__ == "__main__":
    main()
