/**
 * Spec section 5 "Menu visibility": a menu item's condition is "true", "false", or an expression
 * over the active menu, the current menu and the current user; failure or false hides the item.
 *
 * Conditions are data typed in by administrators and shipped to every browser, so they are never
 * run as JavaScript (no eval, no new Function). This is a small parser and interpreter for:
 *
 *   literals      'text' "text" 12 3.5 true false null undefined
 *   names         activeMenu currentMenu currentUser   (nothing else is reachable)
 *   members       a.b  a['b']  a[0]  x.length           (own data properties only)
 *   methods       x.includes(v) x.indexOf(v) x.startsWith(v) x.endsWith(v)   (strings and arrays)
 *   operators     ! - == != === !== < > <= >= && || and parentheses
 *
 * __proto__, prototype and constructor are refused when parsed, inherited properties are never read,
 * and inputs longer than MAX_CONDITION_LENGTH or nested deeper than MAX_DEPTH are refused.
 *
 * One evaluator for both sides: the shell filters its menus with it, and the server refuses a
 * condition it cannot parse when an administrator saves one and evaluates conditions for the menu
 * editor's checker, so what the checker says is what the shell does.
 */
export interface VisibilityScope {
  activeMenu: unknown;
  currentMenu: unknown;
  currentUser: unknown;
}

export const MAX_CONDITION_LENGTH = 2000;
export const MAX_DEPTH = 40;

const SCOPE_NAMES = new Set(['activeMenu', 'currentMenu', 'currentUser']);
const FORBIDDEN_PROPERTIES = new Set(['__proto__', 'prototype', 'constructor']);
const METHODS = new Set(['includes', 'indexOf', 'startsWith', 'endsWith']);
const LITERAL_WORDS: Record<string, unknown> = { true: true, false: false, null: null, undefined: undefined };

class ConditionError extends Error {}

type Token =
  | { type: 'num'; value: number }
  | { type: 'str'; value: string }
  | { type: 'name'; value: string }
  | { type: 'op'; value: string };

const OPERATORS = [
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '!',
  '-',
  '.',
  '(',
  ')',
  '[',
  ']',
  ',',
];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

const tokenize = (source: string): Token[] => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (/[0-9]/.test(ch)) {
      const match = /^[0-9]+(\.[0-9]+)?/.exec(source.slice(i))!;
      tokens.push({ type: 'num', value: Number(match[0]) });
      i += match[0].length;
    } else if (ch === "'" || ch === '"') {
      let value = '';
      i += 1;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === '\\') {
          const escaped = ESCAPES[source[i + 1] ?? ''];
          if (escaped === undefined) throw new ConditionError('unsupported escape');
          value += escaped;
          i += 2;
        } else {
          value += source[i];
          i += 1;
        }
      }
      if (i >= source.length) throw new ConditionError('unterminated string');
      tokens.push({ type: 'str', value });
      i += 1;
    } else if (/[A-Za-z_$]/.test(ch)) {
      const match = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(i))!;
      tokens.push({ type: 'name', value: match[0] });
      i += match[0].length;
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (!op) throw new ConditionError(`unexpected character ${ch}`);
      tokens.push({ type: 'op', value: op });
      i += op.length;
    }
  }
  return tokens;
};

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'scope'; name: string }
  | { kind: 'member'; object: Node; property: string | number }
  | { kind: 'call'; object: Node; method: string; argument: Node }
  | { kind: 'unary'; op: '!' | '-'; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node };

const checkProperty = (name: string | number): string | number => {
  if (typeof name === 'string' && FORBIDDEN_PROPERTIES.has(name))
    throw new ConditionError('forbidden property');
  return name;
};

/** Recursive descent, one function per precedence level, lowest first. */
const parse = (tokens: Token[]): Node => {
  let position = 0;
  let depth = 0;
  const peek = () => tokens[position];
  const isOp = (value: string) => {
    const token = peek();
    return token?.type === 'op' && token.value === value;
  };
  const expectOp = (value: string) => {
    if (!isOp(value)) throw new ConditionError(`expected ${value}`);
    position += 1;
  };
  const nested = <T>(parseInner: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new ConditionError('too deeply nested');
    try {
      return parseInner();
    } finally {
      depth -= 1;
    }
  };

  const binaryLevel = (ops: string[], next: () => Node) => (): Node => {
    let left = next();
    for (let token = peek(); token?.type === 'op' && ops.includes(token.value); token = peek()) {
      position += 1;
      left = { kind: 'binary', op: token.value, left, right: next() };
    }
    return left;
  };

  const primary = (): Node => {
    const token = peek();
    if (!token) throw new ConditionError('unexpected end');
    position += 1;
    if (token.type === 'num' || token.type === 'str') return { kind: 'literal', value: token.value };
    if (token.type === 'name') {
      if (Object.hasOwn(LITERAL_WORDS, token.value))
        return { kind: 'literal', value: LITERAL_WORDS[token.value] };
      if (SCOPE_NAMES.has(token.value)) return { kind: 'scope', name: token.value };
      throw new ConditionError(`unknown name ${token.value}`);
    }
    if (token.value === '(') {
      const inner = nested(expression);
      expectOp(')');
      return inner;
    }
    throw new ConditionError(`unexpected ${token.value}`);
  };

  const postfix = (): Node => {
    let node = primary();
    for (;;) {
      if (isOp('.')) {
        position += 1;
        const name = peek();
        if (name?.type !== 'name') throw new ConditionError('expected a property name');
        position += 1;
        if (METHODS.has(name.value) && isOp('(')) {
          position += 1;
          const argument = nested(expression);
          expectOp(')');
          node = { kind: 'call', object: node, method: name.value, argument };
        } else {
          node = { kind: 'member', object: node, property: checkProperty(name.value) };
        }
      } else if (isOp('[')) {
        position += 1;
        const key = peek();
        if (key?.type !== 'str' && key?.type !== 'num') throw new ConditionError('expected a literal key');
        position += 1;
        expectOp(']');
        node = { kind: 'member', object: node, property: checkProperty(key.value) };
      } else {
        return node;
      }
    }
  };

  const unary = (): Node => {
    if (isOp('!') || isOp('-')) {
      const op = peek()!.value as '!' | '-';
      position += 1;
      return { kind: 'unary', op, operand: nested(unary) };
    }
    return postfix();
  };

  const relational = binaryLevel(['<', '>', '<=', '>='], unary);
  const equality = binaryLevel(['===', '!==', '==', '!='], relational);
  const and = binaryLevel(['&&'], equality);
  const expression = binaryLevel(['||'], and);

  const root = expression();
  if (position !== tokens.length) throw new ConditionError('unexpected trailing input');
  return root;
};

const isPrimitive = (value: unknown): value is string | number | boolean | null | undefined =>
  value === null || (typeof value !== 'object' && typeof value !== 'function');

/** Reads only own data properties of plain data: nothing inherited, no getters run. */
const readMember = (object: unknown, property: string | number): unknown => {
  if (object === null || object === undefined) throw new ConditionError('property of nothing');
  if (typeof object === 'string') {
    if (property === 'length') return object.length;
    return typeof property === 'number' ? object[property] : undefined;
  }
  if (typeof object !== 'object') return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(object, property);
  if (!descriptor || !('value' in descriptor)) return undefined;
  return typeof descriptor.value === 'function' ? undefined : descriptor.value;
};

const callMethod = (target: unknown, method: string, argument: unknown): unknown => {
  if (typeof target === 'string') {
    const text = String(argument);
    if (method === 'includes') return target.includes(text);
    if (method === 'indexOf') return target.indexOf(text);
    if (method === 'startsWith') return target.startsWith(text);
    return target.endsWith(text);
  }
  if (Array.isArray(target) && (method === 'includes' || method === 'indexOf')) {
    return method === 'includes' ? target.includes(argument) : target.indexOf(argument);
  }
  throw new ConditionError(`${method} of a non-string`);
};

const compare = (op: string, left: unknown, right: unknown): boolean => {
  // Loose comparison is what administrators' conditions were written against (ids as numbers or
  // strings). Limited to primitives, where it runs no user code; objects compare by identity.
  const bothPrimitive = isPrimitive(left) && isPrimitive(right);
  switch (op) {
    case '===':
      return left === right;
    case '!==':
      return left !== right;
    case '==':
      // biome-ignore lint/suspicious/noDoubleEquals: loose equality of primitives is the grammar's ==
      return bothPrimitive ? left == right : left === right;
    case '!=':
      // biome-ignore lint/suspicious/noDoubleEquals: see ==
      return bothPrimitive ? left != right : left !== right;
    default: {
      if (!bothPrimitive || left === null || left === undefined || right === null || right === undefined) {
        return false;
      }
      const [a, b] = [left as string | number, right as string | number];
      if (op === '<') return a < b;
      if (op === '>') return a > b;
      if (op === '<=') return a <= b;
      return a >= b;
    }
  }
};

const evaluate = (node: Node, scope: VisibilityScope): unknown => {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'scope':
      return scope[node.name as keyof VisibilityScope];
    case 'member':
      return readMember(evaluate(node.object, scope), node.property);
    case 'call':
      return callMethod(evaluate(node.object, scope), node.method, evaluate(node.argument, scope));
    case 'unary': {
      const value = evaluate(node.operand, scope);
      return node.op === '!' ? !value : -Number(value);
    }
    case 'binary': {
      if (node.op === '&&') return evaluate(node.left, scope) && evaluate(node.right, scope);
      if (node.op === '||') return evaluate(node.left, scope) || evaluate(node.right, scope);
      return compare(node.op, evaluate(node.left, scope), evaluate(node.right, scope));
    }
  }
};

/** Parsed conditions by source text; a tree of hundreds of items repeats a handful of conditions. */
const parsedConditions = new Map<string, Node | ConditionError>();
const PARSE_CACHE_LIMIT = 500;

const parseCached = (source: string): Node | ConditionError => {
  let parsed = parsedConditions.get(source);
  if (parsed === undefined) {
    try {
      parsed = parse(tokenize(source));
    } catch (error) {
      parsed = error instanceof ConditionError ? error : new ConditionError(String(error));
    }
    if (parsedConditions.size >= PARSE_CACHE_LIMIT) parsedConditions.clear();
    parsedConditions.set(source, parsed);
  }
  return parsed;
};

/** Parses a condition without evaluating it: null when it is valid, else the reason (for admin forms). */
export const conditionSyntaxError = (condition: string): string | null => {
  if (condition.length > MAX_CONDITION_LENGTH) return 'too long';
  const parsed = parseCached(condition.trim());
  return parsed instanceof ConditionError ? parsed.message : null;
};

/**
 * Whether a menu item with this condition is shown. No condition (null, empty) shows it; "true" and
 * "false" are what they say; any other text is an expression, and an expression that cannot be
 * parsed or evaluated, or that is falsy, hides the item.
 */
export const isMenuVisible = (condition: string | null | undefined, scope: VisibilityScope): boolean => {
  const source = (condition ?? '').trim();
  if (source === '' || source === 'true') return true;
  if (source === 'false' || source.length > MAX_CONDITION_LENGTH) return false;
  const parsed = parseCached(source);
  if (parsed instanceof ConditionError) return false;
  try {
    return Boolean(evaluate(parsed, scope));
  } catch {
    return false;
  }
};
