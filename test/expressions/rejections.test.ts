import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileBlueprint } from '../../src/expressions';
import type { ComponentBlueprintDefinition } from '../../src/model/graph';
import { blueprint, compileIssues, type InputSpec } from './helpers';

const INPUTS: readonly InputSpec[] = [
  ['m', 'mass'],
  ['e', 'energy'],
  ['k', 'dimensionless'],
  ['xs', 'mass', 'LIST'],
];
const TEMPLATE = ['expressions', 0, 'template'];
const PREFIX = 'Blueprint "bp", expression "f": ';

/** Issues of a one-expression blueprint `f` over {@link INPUTS}, variables mapped to the inputs of their name. */
function issuesOf(template: string) {
  return compileIssues(blueprint(INPUTS, [['f', template]]));
}

function expectOne(template: string, code: string, message: string, path: readonly (string | number)[] = TEMPLATE) {
  const issues = issuesOf(template);
  expect(issues).toEqual([{ code, path, message: PREFIX + message }]);
}

describe('locked-down grammar', () => {
  it('rejects forbidden functions', () => {
    expectOne(
      'import({m})',
      'expression_forbidden',
      'function "import" is not allowed; allowed functions are sum, mean, min, max, count, sqrt, exp, log, abs, log10, sin, cos, tan, asin, acos, atan, atan2',
    );
    expectOne(
      '{m} * evaluate({k})',
      'expression_forbidden',
      'function "evaluate" is not allowed; allowed functions are sum, mean, min, max, count, sqrt, exp, log, abs, log10, sin, cos, tan, asin, acos, atan, atan2',
    );
    expectOne(
      'createUnit({k})',
      'expression_forbidden',
      'function "createUnit" is not allowed; allowed functions are sum, mean, min, max, count, sqrt, exp, log, abs, log10, sin, cos, tan, asin, acos, atan, atan2',
    );
  });

  it('rejects assignment and function definitions', () => {
    expectOne('a = 1', 'expression_forbidden', 'assignment "a = 1" is not allowed');
    expectOne('f(x) = {m}', 'expression_forbidden', 'function definition "f(x) = {m}" is not allowed');
  });

  it('rejects bare units, unknown units of a literal, bare symbols and strings', () => {
    expectOne('{m} * kg', 'expression_forbidden', 'unit "kg" stands alone: a unit is written after a number, e.g. (1 kg)');
    expectOne(
      '{m} * 5 kilogramm',
      'expression_forbidden',
      `unit literal "5 kilogramm": unknown unit 'kilogramm': no unit named 'kilogramm'; did you mean 'kilogram'?`,
    );
    expectOne('{m} * pi', 'expression_forbidden', 'unknown name "pi": variables are written {name} and named constants are not allowed');
    expectOne('{m} * x', 'expression_forbidden', 'unknown name "x": variables are written {name} and named constants are not allowed');
    expectOne('"abc"', 'expression_forbidden', 'string literal "abc" is not allowed');
    expectOne("{m} + 'abc'", 'expression_forbidden', 'string literal "abc" is not allowed');
    expectOne('"{m}"', 'expression_forbidden', 'string literal "{m}" is not allowed');
    expectOne('sum', 'expression_forbidden', 'function name "sum" must be called with arguments, e.g. sum({x})');
  });

  it('rejects other constructs, naming each', () => {
    const cases: [string, string][] = [
      ['[1, 2]', 'matrix literal "[1, 2]" is not allowed'],
      ['({m} + 1) ? {m} : 0', 'the condition "({m} + 1)" must be one comparison of two values (< <= > >= == !=)'],
      ['{m} > 1', 'comparison "{m} > 1" is only allowed as the condition of a conditional, e.g. "{m} > 1" ? {a} : {b}'],
      ['{m} < {m} < 2 ? {m} : 0', 'chained comparison "{m} < {m} < 2" is not allowed'],
      ['1:3', 'range "1:3" is not allowed'],
      ['{m} mod 2', 'operator "mod" in "{m} mod 2" is not allowed; only + - * / ^, comparisons and ? : are'],
      ['{m}!', 'operator "!" in "{m}!" is not allowed; only + - * / ^, comparisons and ? : are'],
      ['true', 'literal "true" is not allowed; only numbers are'],
      ['{m}; {m}', 'several statements "{m};\n{m}" is not allowed'],
      ['{k}(2)', 'variable {k} cannot be called as a function in "{k}(2)"'],
      ['1e400 * {m}', 'the number "Infinity" is out of range'],
    ];
    for (const [template, message] of cases) expectOne(template, 'expression_forbidden', message);
    // Accessors, objects and conversions are refused as well, whatever mathjs makes of them.
    for (const template of ['a.b', '{m}[1]', '{m} to g', '{m} == {m}']) {
      expect(issuesOf(template).every((i) => i.code === 'expression_forbidden')).toBe(true);
    }
  });

  it('reports every forbidden construct of one template', () => {
    const issues = issuesOf('import("x") + pi + {m} * kg');
    expect(issues.map((i) => i.message.slice(PREFIX.length))).toEqual([
      'string literal "x" is not allowed',
      'function "import" is not allowed; allowed functions are sum, mean, min, max, count, sqrt, exp, log, abs, log10, sin, cos, tan, asin, acos, atan, atan2',
      'unknown name "pi": variables are written {name} and named constants are not allowed',
      'unit "kg" stands alone: a unit is written after a number, e.g. (1 kg)',
    ]);
  });

  it('reports syntax errors with the position in the template', () => {
    expectOne('({m} + 1', 'expression_syntax', 'syntax error: Parenthesis ) expected at character 9');
    expectOne('{m} + 1)', 'expression_syntax', 'syntax error: Unexpected operator ) at character 8');
    expectOne('{m} +', 'expression_syntax', 'syntax error: Unexpected end of expression at character 6');
    expectOne('   ', 'expression_syntax', 'the formula is empty');
    expectOne('{m} # * {k}', 'expression_syntax', 'comments ("#" at character 5) are not allowed');
    expectOne(
      '{ m } * 2',
      'expression_syntax',
      'malformed variable reference "{ m }" at character 1: variables are written {name}, the name made of letters, digits and _ and not starting with a digit',
    );
  });

  it('refuses formulas nested too deeply, without overflowing the stack', () => {
    // A sum of 1200 terms is a tree 1200 levels deep.
    const deep = Array.from({ length: 1200 }, () => '{m}').join(' + ');
    expect(issuesOf(deep)).toEqual([
      { code: 'expression_forbidden', path: TEMPLATE, message: `${PREFIX}the formula is nested more than 1000 levels deep` },
    ]);
    // So deep that the mathjs parser itself runs out of stack.
    const huge = `${'('.repeat(200_000)}{m}${')'.repeat(200_000)}`;
    expect(issuesOf(huge)).toEqual([
      { code: 'expression_syntax', path: TEMPLATE, message: `${PREFIX}syntax error: the formula is nested too deeply to read` },
    ]);
    // A long but shallow formula is fine.
    expect(compileBlueprint(blueprint(INPUTS, [['f', Array.from({ length: 900 }, () => '{m}').join(' + ')]])).ok).toBe(true);
  });

  it('cannot be fooled by a name equal to an internal symbol', () => {
    // The internal symbol prefix is chosen to occur nowhere in the template.
    const issues = issuesOf('{m} + v__0 + v___0 * 0');
    expect(issues.map((i) => i.message.slice(PREFIX.length))).toEqual([
      'unknown name "v__0": variables are written {name} and named constants are not allowed',
      'unknown name "v___0": variables are written {name} and named constants are not allowed',
    ]);
  });
});

describe('variable mappings', () => {
  it('reports a variable without a mapping and a mapping without a variable', () => {
    const def = blueprint(INPUTS, [['f', '{m} * {k}', { m: 'm', q: 'k' }]]);
    expect(compileIssues(def)).toEqual([
      {
        code: 'expression_mapping_unused',
        path: ['expressions', 0, 'inputs', 1, 'template_key'],
        message: `${PREFIX}mapping "q" has no variable {q} in the template`,
      },
      { code: 'expression_variable_unmapped', path: TEMPLATE, message: `${PREFIX}variable {k} has no mapping in the expression's inputs` },
    ]);
  });

  it('reports an unknown input_key and an unknown expression key', () => {
    const def = blueprint(INPUTS, [['f', '{m} * {w} + {g}', { m: 'm', w: 'weight', g: '=gross' }]]);
    expect(compileIssues(def)).toEqual([
      {
        code: 'expression_unknown_input',
        path: ['expressions', 0, 'inputs', 1, 'input_key'],
        message: `${PREFIX}variable {w} refers to input "weight", which the blueprint does not have`,
      },
      {
        code: 'expression_unknown_expression',
        path: ['expressions', 0, 'inputs', 2, 'input_key'],
        message: `${PREFIX}variable {g} refers to expression "gross", which the blueprint does not have`,
      },
    ]);
  });

  it('names the nearest input, expression or quantity kind of a misspelled one', () => {
    const def = blueprint(INPUTS, [
      ['f', '{m} * {w} + {g}', { m: 'm', w: 'xss', g: '=gros' }],
      ['gross', '{m}', { m: 'm' }],
    ]);
    expect(compileIssues(def).slice(0, 2)).toEqual([
      {
        code: 'expression_unknown_input',
        path: ['expressions', 0, 'inputs', 1, 'input_key'],
        message: `${PREFIX}variable {w} refers to input "xss", which the blueprint does not have; did you mean "xs"?`,
      },
      {
        code: 'expression_unknown_expression',
        path: ['expressions', 0, 'inputs', 2, 'input_key'],
        message: `${PREFIX}variable {g} refers to expression "gros", which the blueprint does not have; did you mean "gross"?`,
      },
    ]);
    const kind = compileBlueprint({
      key: 'bp',
      type: 'ACTIVITY',
      inputs: [{ input_key: 'q', quantity_kind: 'enrgy', compatible_unit: 'kWh' }],
      expressions: [{ key: 'f', template: '0', inputs: [] }],
    } as unknown as ComponentBlueprintDefinition);
    expect(kind.ok ? [] : kind.issues[0]).toEqual({
      code: 'blueprint_unknown_quantity_kind',
      path: ['inputs', 0, 'quantity_kind'],
      message: 'Blueprint "bp", input "q": unknown quantity kind "enrgy"; did you mean "energy"?',
    });
  });

  it('reports duplicate keys and duplicate mappings', () => {
    const def: ComponentBlueprintDefinition = {
      key: 'bp',
      type: 'LOSS',
      inputs: [
        { input_key: 'm', quantity_kind: 'mass', compatible_unit: 'kg', data_shape: 'SCALAR' },
        { input_key: 'm', quantity_kind: 'mass', compatible_unit: 't', data_shape: 'SCALAR' },
      ],
      expressions: [
        { key: 'f', template: '{m}', inputs: [{ template_key: 'm', input_key: 'm', type: 'DATAPOINT' }] },
        {
          key: 'f',
          template: '{m}',
          inputs: [
            { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
            { template_key: 'm', input_key: 'm', type: 'DATAPOINT' },
          ],
        },
      ],
    };
    expect(compileIssues(def)).toEqual([
      {
        code: 'blueprint_duplicate_input',
        path: ['inputs', 1, 'input_key'],
        message: 'Blueprint "bp", input "m": input_key "m" is already used by input 0',
      },
      {
        code: 'expression_duplicate_key',
        path: ['expressions', 1, 'key'],
        message: 'Blueprint "bp", expression "f": key "f" is already used by expression 0',
      },
      {
        code: 'expression_mapping_duplicate',
        path: ['expressions', 1, 'inputs', 1, 'template_key'],
        message: `${PREFIX}variable {m} is mapped more than once`,
      },
    ]);
  });

  it('reports a declared data_shape that disagrees with the input', () => {
    const def = blueprint(INPUTS, [['f', 'sum({xs})']]);
    const mapping = def.expressions[0]!.inputs[0]!;
    const bad = { ...def, expressions: [{ ...def.expressions[0]!, inputs: [{ ...mapping, data_shape: 'SCALAR' as const }] }] };
    expect(compileIssues(bad)).toEqual([
      {
        code: 'expression_data_shape',
        path: ['expressions', 0, 'inputs', 0, 'data_shape'],
        message: `${PREFIX}variable {xs} declares data_shape "SCALAR" but input "xs" is LIST`,
      },
    ]);
  });
});

describe('expression graph', () => {
  it('reports a two-expression cycle naming both keys', () => {
    const def = blueprint(
      [['m', 'mass']],
      [
        ['a', '{b} + {m}'],
        ['b', '{a} * 2'],
      ],
    );
    expect(compileIssues(def)).toEqual([
      {
        code: 'expression_cycle',
        path: ['expressions', 0, 'inputs', 0, 'input_key'],
        message: 'Blueprint "bp": expressions "a" -> "b" -> "a" form a cycle',
      },
    ]);
  });

  it('reports a three-expression cycle naming the keys in order', () => {
    const def = blueprint(
      [['m', 'mass']],
      [
        ['res', '{x}'],
        ['z', '{x} + {m}'],
        ['y', '{z} * 2'],
        ['x', '{y} / 2'],
      ],
    );
    const issues = compileIssues(def);
    expect(issues).toEqual([
      {
        code: 'expression_cycle',
        path: ['expressions', 1, 'inputs', 0, 'input_key'],
        message: 'Blueprint "bp": expressions "z" -> "x" -> "y" -> "z" form a cycle',
      },
    ]);
  });

  it('reports an expression that refers to itself', () => {
    const def = blueprint([['m', 'mass']], [['a', '{a} + {m}']]);
    expect(compileIssues(def)).toEqual([
      {
        code: 'expression_cycle',
        path: ['expressions', 0, 'inputs', 0, 'input_key'],
        message: 'Blueprint "bp", expression "a": the expression refers to itself',
      },
    ]);
  });

  it('checks expressions that the result does not depend on', () => {
    const def = blueprint(INPUTS, [
      ['side', '{m} + {e}'],
      ['f', '{m}'],
    ]);
    expect(compileIssues({ ...def, result_expression_key: 'f' })).toEqual([
      {
        code: 'expression_dimension',
        path: TEMPLATE,
        message: 'Blueprint "bp", expression "side": cannot add mass and mass·length^2·time^-2 in "{m} + {e}"',
      },
      {
        code: 'expression_dead',
        path: ['expressions', 0, 'key'],
        message:
          'Blueprint "bp", expression "side": the result "f" does not depend on this expression, so its value would be dropped; use it in the result or remove it',
      },
    ]);
  });

  it('reports an empty expression list', () => {
    const def = { ...blueprint(INPUTS, []), expressions: [] };
    expect(compileIssues(def)).toEqual([
      { code: 'blueprint_no_expressions', path: ['expressions'], message: 'Blueprint "bp": a blueprint needs at least one expression' },
    ]);
  });
});

describe('dimensions and data shapes', () => {
  it('requires the result to be a mass', () => {
    expectOne(
      '{e} * 2',
      'blueprint_result_not_mass',
      "the blueprint's result must be a mass (CO2e), but this expression has dimension mass·length^2·time^-2",
    );
    expectOne(
      '{k}',
      'blueprint_result_not_mass',
      "the blueprint's result must be a mass (CO2e), but this expression has dimension dimensionless",
    );
  });

  it('refuses adding a mass to an energy, naming both dimensions', () => {
    expectOne('{m} + {e}', 'expression_dimension', 'cannot add mass and mass·length^2·time^-2 in "{m} + {e}"');
    expectOne('{m} - {k} * 2', 'expression_dimension', 'cannot subtract mass and dimensionless in "{m} - {k} * 2"');
    expectOne(
      'max({m}, {e})',
      'expression_dimension',
      'the arguments of max must share a dimension, but "max({m}, {e})" mixes mass and mass·length^2·time^-2',
    );
    expectOne('{m} + 1', 'expression_dimension', 'cannot add mass and dimensionless in "{m} + 1"');
  });

  it('requires dimensionless arguments for exp and log', () => {
    expectOne('exp({m}) * {m}', 'expression_dimension', 'the argument of exp in "exp({m})" must be dimensionless, but has dimension mass');
    expectOne(
      'log({k}, {m}) * {m}',
      'expression_dimension',
      'the base of log in "log({k}, {m})" must be dimensionless, but has dimension mass',
    );
  });

  it('requires a constant exponent on a dimensioned base', () => {
    expectOne(
      '{m} ^ {k}',
      'expression_dimension',
      'the exponent in "{m} ^ {k}" must be a constant number because the base has dimension mass',
    );
    expectOne('{m} ^ {m}', 'expression_dimension', 'the exponent in "{m} ^ {m}" must be dimensionless, but has dimension mass');
  });

  it('wants a LIST reduced before it is a scalar value, and scalars out of reducers', () => {
    expectOne(
      '{xs} * 2',
      'expression_data_shape',
      'the value of "{xs} * 2" is a LIST (element-wise over LIST input "xs"); a LIST must be reduced with sum, mean, min, max or count before it is a scalar value, e.g. mean(...)',
    );
    expectOne('sum({m})', 'expression_data_shape', '"sum({m})" needs a LIST input, but {m} is SCALAR input "m"');
    expectOne(
      'sum({m} * 2)',
      'expression_data_shape',
      'sum with one argument reduces a LIST, but "sum({m} * 2)" gives it "{m} * 2", a scalar; to combine scalars write sum(a, b, ...)',
    );
    expectOne(
      'max({m}, {xs})',
      'expression_data_shape',
      'max of two or more arguments in "max({m}, {xs})" takes scalar values, but is given a LIST; only + - * / ^, sqrt, exp, log and abs act element-wise, so reduce the LIST with sum, mean, min, max or count first',
    );
    expect(compileBlueprint(blueprint(INPUTS, [['f', 'max({xs} * 2)']])).ok).toBe(true);
    const chained = compileIssues(
      blueprint(INPUTS, [
        ['a', '{m} * 2'],
        ['f', 'sum({a})'],
      ]),
    );
    expect(chained).toEqual([
      {
        code: 'expression_data_shape',
        path: ['expressions', 1, 'template'],
        message: `${PREFIX}"sum({a})" needs a LIST input, but {a} is an expression result (a scalar)`,
      },
    ]);
  });

  it('checks the number of arguments', () => {
    expectOne('count({xs}, {xs}) * {m}', 'expression_arity', 'count takes exactly one LIST value, but "count({xs}, {xs})" has 2');
    expectOne('sqrt({m}, {m})', 'expression_arity', 'sqrt takes one argument, but "sqrt({m}, {m})" has 2');
  });

  it('reports an incompatible compatible_unit for the kind', () => {
    const def = blueprint(INPUTS, [['f', '{m}']]);
    const bad = { ...def, inputs: def.inputs.map((i) => (i.input_key === 'm' ? { ...i, compatible_unit: 'kWh' } : i)) };
    expect(compileIssues(bad)).toEqual([
      {
        code: 'blueprint_unit_incompatible',
        path: ['inputs', 0, 'compatible_unit'],
        message:
          'Blueprint "bp", input "m": unit \'kWh\' is not a unit of quantity kind \'mass\' (expected dimension mass, got mass·length^2·time^-2)',
      },
    ]);
  });
});

describe('robustness', () => {
  it('reports every problem of a blueprint at once', () => {
    const def = blueprint(INPUTS, [
      ['a', 'import({m})'],
      ['b', '{m} + {e}'],
      ['c', '{c} * 2'],
      ['f', '{e}'],
    ]);
    expect(compileIssues(def).map((i) => [i.code, i.path[1]])).toEqual([
      ['expression_forbidden', 0],
      ['expression_cycle', 2],
      ['expression_dimension', 1],
      ['blueprint_multiple_sinks', undefined],
    ]);
  });

  it('reports malformed definitions instead of throwing', () => {
    const cases: unknown[] = [null, 42, 'bp', [], { key: 'bp' }, { key: 'bp', type: 'ACTIVITY', inputs: [null], expressions: [7] }];
    for (const c of cases) {
      const r = compileBlueprint(c as ComponentBlueprintDefinition);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues.length).toBeGreaterThan(0);
    }
    const r = compileBlueprint({
      key: 'bp',
      type: 'ACTIVITY',
      inputs: [{ input_key: 'q', quantity_kind: 'toString', compatible_unit: 'kg' }],
      expressions: [],
    } as unknown as ComponentBlueprintDefinition);
    expect(r.ok ? [] : r.issues.map((i) => i.code)).toEqual(['blueprint_unknown_quantity_kind', 'blueprint_no_expressions']);
  });

  it('never throws on arbitrary templates (fast-check)', () => {
    const token = fc.constantFrom(
      '{m}',
      '{k}',
      '{xs}',
      '{e}',
      '{z}',
      '1',
      '0',
      '2.5',
      '+',
      '-',
      '*',
      '/',
      '^',
      '(',
      ')',
      ',',
      'sum',
      'max',
      'min',
      'count',
      'sqrt',
      'exp',
      'log',
      'abs',
      'mean',
      ' ',
      'pi',
      'kg',
      '=',
      '"',
      "'",
      '[',
      ']',
      '{',
      '}',
      ';',
      '?',
      ':',
      '.',
      '!',
      '%',
      'import',
    );
    const template = fc.oneof(
      fc.array(token, { maxLength: 25 }).map((t) => t.join('')),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(template, (t) => {
        const r = compileBlueprint(blueprint(INPUTS, [['f', t, { m: 'm', k: 'k', xs: 'xs', e: 'e', z: '0' }]]));
        if (r.ok) {
          const values = Float64Array.from([2, 3, 4, 0.5, 1.5]);
          const start = Int32Array.from([0, 1, 2, 3, 5]);
          const gradient = new Float64Array(5);
          expect(typeof r.blueprint.evaluate(values, start, gradient)).toBe('number');
        } else {
          for (const issue of r.issues) {
            expect(issue.message.length).toBeGreaterThan(0);
            expect(issue.path[0]).toBe('expressions');
          }
        }
      }),
      { seed: 20240611, numRuns: 400 },
    );
  });

  it('never throws on arbitrary definitions (fast-check)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (inputs, expressions, type) => {
        const r = compileBlueprint({ key: 'bp', type, inputs, expressions } as unknown as ComponentBlueprintDefinition);
        expect(r.ok).toBe(false);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
