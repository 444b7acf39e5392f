/**
 * Reading one template into a small validated syntax tree. mathjs only parses (it never evaluates
 * the text): every `{name}` is first replaced by an internal symbol, then the mathjs tree is walked
 * and anything outside the allowed grammar is reported. The tree returned here is the only thing
 * later stages see, so no user string reaches an evaluator.
 */
import type { GraphIssueCode } from '../model/issues';
import { engineMath, formulaParser } from '../units/mathjs-instance';
import type { Dimension } from '../units';
import { findUnitLiterals, type FoundLiteral } from './unit-literals';
import { exp } from './fdlibm';
import { type AllowedFunction, ALLOWED_FUNCTIONS, isAllowedFunction } from './functions';

/** A binary operator of a formula. */
export type BinaryOp = '+' | '-' | '*' | '/' | '^';

/** A comparison of a formula; only ever the condition of a conditional (docs/rules.md). */
export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** A validated formula: numbers, `{name}` variables, arithmetic and calls of allowed functions. */
export type Formula =
  | { readonly kind: 'num'; readonly value: number }
  | { readonly kind: 'var'; readonly name: string }
  | { readonly kind: 'neg'; readonly arg: Formula }
  | { readonly kind: 'bin'; readonly op: BinaryOp; readonly left: Formula; readonly right: Formula }
  | { readonly kind: 'call'; readonly fn: AllowedFunction; readonly args: readonly Formula[] }
  | { readonly kind: 'cmp'; readonly op: CompareOp; readonly left: Formula; readonly right: Formula }
  | { readonly kind: 'cond'; readonly test: Formula; readonly then: Formula; readonly otherwise: Formula }
  /**
   * A unit literal (`1 g/cm^3`): its value in SI, its dimension and its text as written; `offset`:
   * the SI offset of its unit, not 0 for an offset unit (degC), whose literal is an absolute
   * temperature (offset-literals.ts).
   */
  | { readonly kind: 'quantity'; readonly value: number; readonly dim: Dimension; readonly text: string; readonly offset: number };

/** A problem with a template's text, before any mapping or dimension is considered. */
export interface FormulaProblem {
  readonly code: GraphIssueCode;
  readonly message: string;
}

/** What {@link parseTemplate} found. */
export interface ParsedTemplate {
  /** The tree, or null when any problem was found. */
  readonly formula: Formula | null;
  /** The distinct `{name}` variables in order of first appearance (found even when parsing fails). */
  readonly variables: readonly string[];
  readonly problems: readonly FormulaProblem[];
}

/** Grammar switches (see `CompileOptions`). */
export interface GrammarOptions {
  readonly allowedFunctions: ReadonlySet<string>;
  readonly allowImplicitMultiplication: boolean;
}

/** Deeper trees are refused so that the recursive walks below can never exhaust the stack. */
export const MAX_FORMULA_DEPTH = 1000;

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The slice of a mathjs node this module reads; mathjs' own types are too generic to narrow on. */
interface RawNode {
  readonly type: string;
  readonly value?: unknown;
  readonly name?: string;
  readonly op?: string;
  readonly fn?: unknown;
  readonly args?: readonly RawNode[];
  readonly implicit?: boolean;
  readonly content?: RawNode;
  toString(): string;
}

/** mathjs's node of `condition ? a : b`. */
interface ConditionalRawNode extends RawNode {
  readonly condition: RawNode;
  readonly trueExpr: RawNode;
  readonly falseExpr: RawNode;
}

/**
 * The engine's mathjs parser (src/units/mathjs-instance.ts): isolated from the global mathjs, so
 * that nothing another module imports into that one can reach the formulas, and created on first use.
 */
const parser = formulaParser;

/** mathjs's names of the comparison operators. */
const COMPARE: Readonly<Record<string, CompareOp>> = {
  smaller: '<',
  smallerEq: '<=',
  larger: '>',
  largerEq: '>=',
  equal: '==',
  unequal: '!=',
};

const BINARY: Readonly<Record<string, BinaryOp>> = {
  add: '+',
  subtract: '-',
  multiply: '*',
  divide: '/',
  pow: '^',
};

/** Node kinds of mathjs that are never allowed, with the words used in messages. */
const FORBIDDEN_NODES: Readonly<Record<string, string>> = {
  AssignmentNode: 'assignment',
  FunctionAssignmentNode: 'function definition',
  AccessorNode: 'property or index access',
  IndexNode: 'index',
  ArrayNode: 'matrix literal',
  ObjectNode: 'object literal',
  RangeNode: 'range',
  RelationalNode: 'chained comparison',
  BlockNode: 'several statements',
};

interface Substituted {
  readonly text: string;
  readonly prefix: string;
  /** The unit literals, each replaced by the symbol `<prefix>q<n>` (unit-literals.ts). */
  readonly literals: readonly FoundLiteral[];
  /** For mapping parser positions back to the template: where each substitution sits in both strings. */
  readonly spans: readonly { readonly orig: number; readonly origLen: number; readonly sub: number; readonly subLen: number }[];
}

/**
 * Replaces each `{name}` by ` <prefix><n> ` and each unit literal by ` <prefix>q<n> `. The prefix
 * is chosen so that it occurs nowhere in the template, hence no name the author typed can collide
 * with an internal symbol; the spaces keep `{a}{b}` and `{a}2` from fusing into one identifier.
 */
function substitute(template: string, variables: string[]): Substituted {
  let prefix = 'v__';
  while (template.includes(prefix)) prefix += '_';
  const literals = findUnitLiterals(template);
  const cuts: { at: number; length: number; symbol: string }[] = literals.map((l, n) => ({
    at: l.start,
    length: l.end - l.start,
    symbol: ` ${prefix}q${n} `,
  }));
  for (const match of template.matchAll(VARIABLE)) {
    const name = match[1] as string;
    let index = variables.indexOf(name);
    if (index < 0) {
      index = variables.length;
      variables.push(name);
    }
    cuts.push({ at: match.index, length: match[0].length, symbol: ` ${prefix}${index} ` });
  }
  cuts.sort((a, b) => a.at - b.at);
  let text = '';
  let last = 0;
  const spans: { orig: number; origLen: number; sub: number; subLen: number }[] = [];
  for (const cut of cuts) {
    text += template.slice(last, cut.at);
    spans.push({ orig: cut.at, origLen: cut.length, sub: text.length, subLen: cut.symbol.length });
    text += cut.symbol;
    last = cut.at + cut.length;
  }
  text += template.slice(last);
  return { text, prefix, literals, spans };
}

/** Maps a 0-based position in the substituted text back to the template. */
function originalPosition(sub: Substituted, position: number): number {
  let delta = 0;
  for (const span of sub.spans) {
    if (position < span.sub) break;
    if (position < span.sub + span.subLen) return span.orig;
    delta = span.orig + span.origLen - (span.sub + span.subLen);
  }
  return position + delta;
}

function clipText(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function quote(text: string): string {
  return `"${clipText(text)}"`;
}

/**
 * Parses and validates one template. Never throws: every problem (syntax, forbidden construct,
 * malformed `{...}`) is returned, and the variables are listed even when the text does not parse.
 */
export function parseTemplate(template: string, options: GrammarOptions): ParsedTemplate {
  const variables: string[] = [];
  const problems: FormulaProblem[] = [];
  const sub = substitute(template, variables);

  if (template.trim() === '') {
    problems.push({ code: 'expression_syntax', message: 'the formula is empty' });
    return { formula: null, variables, problems };
  }
  problems.push(...textProblems(template));
  if (problems.length > 0) return { formula: null, variables, problems };

  const walker = new TemplateWalker(sub, variables, options, problems);
  const root = walker.parse();
  if (root === null) return { formula: null, variables, problems };
  let formula: Formula | null = null;
  try {
    formula = walker.walk(root, 0);
  } catch (error) {
    // Only a pathological tree from mathjs could get here; report it rather than throw.
    problems.push({
      code: 'expression_syntax',
      message: `the formula could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  return { formula: problems.length > 0 ? null : formula, variables, problems };
}

/** What is wrong with a template's text before it is parsed: stray braces and comments. */
function textProblems(template: string): FormulaProblem[] {
  const problems: FormulaProblem[] = [];
  // A brace left after substitution is a variable written wrongly (e.g. `{ x }` or `{1x}`);
  // mathjs would read it as an object literal, which would only confuse the message.
  const stray = /[{}]/g;
  const strayText = template.replace(VARIABLE, (m) => ' '.repeat(m.length));
  let reportedUpTo = 0;
  for (const match of strayText.matchAll(stray)) {
    const at = match.index;
    if (at < reportedUpTo) continue;
    const end = template.indexOf('}', at + 1);
    const snippet = template.slice(at, end >= 0 && end - at < 40 ? end + 1 : Math.min(template.length, at + 20));
    reportedUpTo = at + snippet.length;
    problems.push({
      code: 'expression_syntax',
      message: `malformed variable reference ${quote(snippet)} at character ${at + 1}: variables are written {name}, the name made of letters, digits and _ and not starting with a digit`,
    });
  }
  // mathjs drops `# ...` as a comment; a variable hidden there would look used without being so.
  const hash = template.indexOf('#');
  if (hash >= 0) {
    problems.push({ code: 'expression_syntax', message: `comments ("#" at character ${hash + 1}) are not allowed` });
  }
  return problems;
}

/**
 * Turns mathjs's tree of a substituted template into a {@link Formula}, reporting every forbidden
 * construct (it keeps looking past the first, so that all are reported at once).
 */
class TemplateWalker {
  private tooDeep = false;

  constructor(
    private readonly sub: Substituted,
    private readonly variables: readonly string[],
    private readonly options: GrammarOptions,
    private readonly problems: FormulaProblem[],
  ) {}

  /** mathjs's tree, or null when the text does not parse (reported, at the template's position). */
  parse(): RawNode | null {
    // Loaded outside the try: a parser that cannot be loaded (dist/mathjs-units.cjs left behind by a
    // bundler) is the installation's fault, thrown as such (mathjs-load-required.ts), not the formula's.
    const mathjs = parser();
    try {
      return mathjs.parse(this.sub.text) as RawNode;
    } catch (error) {
      const raw = error instanceof Error ? error.message : String(error);
      const char = (error as { char?: unknown } | null)?.char;
      let message = this.restore(raw).replace(/\s*\(char \d+\)\s*$/, '');
      if (error instanceof RangeError) message = 'the formula is nested too deeply to read';
      else if (typeof char === 'number') message += ` at character ${originalPosition(this.sub, Math.max(0, char - 1)) + 1}`;
      this.problems.push({ code: 'expression_syntax', message: `syntax error: ${message}` });
      return null;
    }
  }

  /** The formula of `node`, null where a part of it is refused. */
  walk(node: RawNode, depth: number): Formula | null {
    if (depth > MAX_FORMULA_DEPTH) {
      if (!this.tooDeep) this.forbid(`the formula is nested more than ${MAX_FORMULA_DEPTH} levels deep`);
      this.tooDeep = true;
      return null;
    }
    switch (node.type) {
      case 'ParenthesisNode':
        return node.content === undefined ? this.forbid(`unexpected ${this.show(node)}`) : this.walk(node.content, depth + 1);
      case 'ConstantNode':
        return this.constant(node);
      case 'SymbolNode':
        return this.symbol(node);
      case 'OperatorNode':
        return this.operator(node, depth);
      case 'FunctionNode':
        return this.call(node, depth);
      case 'ConditionalNode':
        return this.conditional(node as ConditionalRawNode, depth);
      default: {
        const what = FORBIDDEN_NODES[node.type] ?? node.type;
        return this.forbid(`${what} ${this.show(node)} is not allowed`);
      }
    }
  }

  /** Variable names and unit literals back in place of their substitutes. */
  private restore(text: string): string {
    return text.replace(new RegExp(`${this.sub.prefix}(q?)(\\d+)`, 'g'), (_m, literal: string, n: string) =>
      literal === '' ? `{${this.variables[Number(n)] ?? n}}` : (this.sub.literals[Number(n)]?.text ?? n),
    );
  }

  /** The unit literal a substituted name stands for, undefined for any other name. */
  private literalOf(name: string): FoundLiteral | undefined {
    if (!name.startsWith(`${this.sub.prefix}q`)) return undefined;
    const rest = name.slice(this.sub.prefix.length + 1);
    return /^\d+$/.test(rest) ? this.sub.literals[Number(rest)] : undefined;
  }

  /** A node quoted in a message, with its variables restored. */
  private show(node: RawNode): string {
    try {
      return quote(this.restore(node.toString()).trim());
    } catch {
      return `a ${node.type}`;
    }
  }

  /** Reports a forbidden construct; null stands for the part refused. */
  private forbid(message: string): null {
    this.problems.push({ code: 'expression_forbidden', message });
    return null;
  }

  /** The variable index a substituted name stands for, -1 for any other name. */
  private symbolIndex(name: string): number {
    if (!name.startsWith(this.sub.prefix)) return -1;
    const rest = name.slice(this.sub.prefix.length);
    return /^\d+$/.test(rest) ? Number(rest) : -1;
  }

  /** A number literal; any other literal is refused. */
  private constant(node: RawNode): Formula | null {
    const value = node.value;
    if (typeof value === 'number') {
      return Number.isFinite(value) ? { kind: 'num', value } : this.forbid(`the number ${this.show(node)} is out of range`);
    }
    if (typeof value === 'string')
      return this.forbid(`string literal ${JSON.stringify(clipText(this.restore(value).trim()))} is not allowed`);
    return this.forbid(`literal ${this.show(node)} is not allowed; only numbers are`);
  }

  /** A name: a substituted variable, or a function, unit or constant named bare (all refused). */
  private symbol(node: RawNode): Formula | null {
    const name = node.name ?? '';
    const index = this.symbolIndex(name);
    if (index >= 0 && index < this.variables.length) return { kind: 'var', name: this.variables[index] as string };
    const literal = this.literalOf(name);
    if (literal !== undefined) {
      const { reading } = literal;
      if (typeof reading === 'string') return this.forbid(`unit literal "${clipText(literal.text)}": ${reading}`);
      return { kind: 'quantity', ...reading };
    }
    if (isAllowedFunction(name)) return this.forbid(`function name "${name}" must be called with arguments, e.g. ${name}({x})`);
    let isUnit: boolean;
    try {
      isUnit = engineMath().Unit.isValuelessUnit(name);
    } catch {
      isUnit = false;
    }
    if (isUnit) return this.forbid(`unit "${name}" stands alone: a unit is written after a number, e.g. (1 ${name})`);
    return this.forbid(`unknown name "${name}": variables are written {name} and named constants are not allowed`);
  }

  /** + - * / ^ and unary minus; any other operator is refused after its operands are checked. */
  private operator(node: RawNode, depth: number): Formula | null {
    const fn = typeof node.fn === 'string' ? node.fn : '';
    const args = node.args ?? [];
    if (node.implicit === true && !this.options.allowImplicitMultiplication) {
      this.forbid(`implicit multiplication in ${this.show(node)}: write * between the factors`);
    }
    if ((fn === 'unaryMinus' || fn === 'unaryPlus') && args.length === 1) {
      const arg = this.walk(args[0] as RawNode, depth + 1);
      if (arg === null) return null;
      return fn === 'unaryMinus' ? { kind: 'neg', arg } : arg;
    }
    if (COMPARE[fn] !== undefined) {
      for (const a of args) this.walk(a, depth + 1);
      return this.forbid(
        `comparison ${this.show(node)} is only allowed as the condition of a conditional, e.g. ${this.show(node)} ? {a} : {b}`,
      );
    }
    const op = BINARY[fn];
    if (op !== undefined && args.length >= 2 && (args.length === 2 || op === '+' || op === '*')) {
      const parts = args.map((a) => this.walk(a, depth + 1));
      if (parts.some((p) => p === null)) return null;
      let acc = parts[0] as Formula;
      for (let i = 1; i < parts.length; i++) acc = { kind: 'bin', op, left: acc, right: parts[i] as Formula };
      return acc;
    }
    // Still look inside, so that every forbidden construct is reported at once.
    for (const a of args) this.walk(a, depth + 1);
    return this.forbid(`operator "${node.op ?? fn}" in ${this.show(node)} is not allowed; only + - * / ^, comparisons and ? : are`);
  }

  /** `condition ? a : b`, the condition a comparison of two values. */
  private conditional(node: ConditionalRawNode, depth: number): Formula | null {
    const test = this.comparison(node.condition, depth + 1);
    const then = this.walk(node.trueExpr, depth + 1);
    const otherwise = this.walk(node.falseExpr, depth + 1);
    if (test === null || then === null || otherwise === null) return null;
    return { kind: 'cond', test, then, otherwise };
  }

  /** The condition of a conditional: one comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`) of two values. */
  private comparison(node: RawNode, depth: number): Formula | null {
    let inner = node;
    while (inner.type === 'ParenthesisNode' && inner.content !== undefined) inner = inner.content;
    const fn = typeof inner.fn === 'string' ? inner.fn : '';
    const op = inner.type === 'OperatorNode' ? COMPARE[fn] : undefined;
    const args = inner.args ?? [];
    if (op === undefined || args.length !== 2) {
      // A part refused on its own (a chained comparison, say) is reported once, by the walk.
      if (this.walk(node, depth) === null) return null;
      return this.forbid(`the condition ${this.show(node)} must be one comparison of two values (< <= > >= == !=)`);
    }
    const left = this.walk(args[0] as RawNode, depth + 1);
    const right = this.walk(args[1] as RawNode, depth + 1);
    return left === null || right === null ? null : { kind: 'cmp', op, left, right };
  }

  /** A call of an allowed function on checked arguments. */
  private call(node: RawNode, depth: number): Formula | null {
    const fnNode = node.fn as RawNode | undefined;
    const args = node.args ?? [];
    const parts = args.map((a) => this.walk(a, depth + 1));
    if (fnNode === undefined || fnNode.type !== 'SymbolNode') {
      return this.forbid(`calling ${this.show(node)} is not allowed; only ${ALLOWED_FUNCTIONS.join(', ')} can be called`);
    }
    const name = fnNode.name ?? '';
    // A literal before "(" is refused as such (unit-literals.ts): its own message says how to write it.
    if (this.literalOf(name) !== undefined) return this.symbol(fnNode) === null ? null : this.forbid(`unexpected ${this.show(node)}`);
    if (this.symbolIndex(name) >= 0)
      return this.forbid(`variable ${this.restore(name)} cannot be called as a function in ${this.show(node)}`);
    if (!isAllowedFunction(name) || !this.options.allowedFunctions.has(name)) {
      const allowed = ALLOWED_FUNCTIONS.filter((f) => this.options.allowedFunctions.has(f)).join(', ');
      return this.forbid(`function "${name}" is not allowed; allowed functions are ${allowed}`);
    }
    if (parts.some((p) => p === null)) return null;
    return { kind: 'call', fn: name, args: parts as Formula[] };
  }
}

/** Binding strength used by {@link printFormula}; mathjs reads unary minus below `^`, above `*`. */
function precedence(f: Formula): number {
  switch (f.kind) {
    case 'cond':
      return -1;
    case 'cmp':
      return 0;
    case 'bin':
      return f.op === '+' || f.op === '-' ? 1 : f.op === '^' ? 4 : 2;
    case 'neg':
      return 3;
    default:
      return 5;
  }
}

function formatNumber(value: number): string {
  return String(value);
}

/**
 * Prints a formula with variables as `{name}`, explicit `*` and only the parentheses the grouping
 * needs. The output reads back (through {@link parseTemplate}) to the same tree.
 */
export function printFormula(f: Formula): string {
  switch (f.kind) {
    case 'num':
      return formatNumber(f.value);
    case 'var':
      return `{${f.name}}`;
    case 'neg': {
      const inner = printFormula(f.arg);
      return precedence(f.arg) <= 3 ? `-(${inner})` : `-${inner}`;
    }
    case 'call':
      return `${f.fn}(${f.args.map(printFormula).join(', ')})`;
    case 'quantity':
      return `(${f.text})`;
    case 'cmp':
      return `${printOperand(f.left, 0)} ${f.op} ${printOperand(f.right, 0)}`;
    case 'cond':
      return `${printOperand(f.test, -1)} ? ${printOperand(f.then, 0)} : ${printOperand(f.otherwise, 0)}`;
    case 'bin': {
      const p = precedence(f);
      const lp = precedence(f.left);
      const rp = precedence(f.right);
      // `^` groups to the right, the others to the left.
      const leftParen = f.op === '^' ? lp <= p : lp < p;
      const rightParen = f.op === '^' ? rp < p : rp <= p;
      const left = leftParen ? `(${printFormula(f.left)})` : printFormula(f.left);
      const right = rightParen ? `(${printFormula(f.right)})` : printFormula(f.right);
      return `${left} ${f.op} ${right}`;
    }
  }
}

/** A part of a comparison or conditional, in parentheses when it binds no tighter than `level`. */
function printOperand(f: Formula, level: number): string {
  return precedence(f) <= level ? `(${printFormula(f)})` : printFormula(f);
}

/** The value of a formula without variables, computed as the compiled program would; null if it has any. */
export function foldConstant(f: Formula): number | null {
  switch (f.kind) {
    case 'num':
    case 'quantity':
      return f.value;
    case 'var':
    case 'cmp':
    case 'cond':
      return null;
    case 'neg': {
      const a = foldConstant(f.arg);
      return a === null ? null : -a;
    }
    case 'bin': {
      const a = foldConstant(f.left);
      const b = foldConstant(f.right);
      if (a === null || b === null) return null;
      switch (f.op) {
        case '+':
          return a + b;
        case '-':
          return a - b;
        case '*':
          return a * b;
        case '/':
          return a / b;
        case '^':
          return Math.pow(a, b);
      }
      return null;
    }
    case 'call': {
      const args: number[] = [];
      for (const arg of f.args) {
        const v = foldConstant(arg);
        if (v === null) return null;
        args.push(v);
      }
      const [a] = args;
      if (a === undefined) return null;
      switch (f.fn) {
        case 'sqrt':
          return args.length === 1 ? Math.sqrt(a) : null;
        case 'exp':
          return args.length === 1 ? exp(a) : null;
        case 'abs':
          return args.length === 1 ? Math.abs(a) : null;
        case 'log':
          if (args.length === 1) return Math.log(a);
          return args.length === 2 ? Math.log(a) / Math.log(args[1] as number) : null;
        case 'min':
          return args.length >= 2 ? Math.min(...args) : null;
        case 'max':
          return args.length >= 2 ? Math.max(...args) : null;
        case 'sum':
          return args.length >= 2 ? args.reduce((s, v) => s + v, 0) : null;
        case 'mean':
          return args.length >= 2 ? args.reduce((s, v) => s + v, 0) / args.length : null;
        case 'count':
          return null;
        case 'log10':
          return args.length === 1 ? Math.log10(a) : null;
        case 'sin':
          return args.length === 1 ? Math.sin(a) : null;
        case 'cos':
          return args.length === 1 ? Math.cos(a) : null;
        case 'tan':
          return args.length === 1 ? Math.tan(a) : null;
        case 'asin':
          return args.length === 1 ? Math.asin(a) : null;
        case 'acos':
          return args.length === 1 ? Math.acos(a) : null;
        case 'atan':
          return args.length === 1 ? Math.atan(a) : null;
        case 'atan2':
          return args.length === 2 ? Math.atan2(a, args[1] as number) : null;
      }
      return null;
    }
  }
}
