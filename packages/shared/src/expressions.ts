/**
 * Conversions and calibrations are arithmetic on a reading `x` (../shared/ARCHITECTURE.md section 5).
 * This is a small parser and evaluator written for exactly that: numbers, `x`, + - * / ^ %,
 * parentheses, unary minus and a fixed set of math functions. Nothing else is accepted, so no
 * expression can reach code, properties or the network, and the length is bounded.
 */

export const expressionBounds = { maxLength: 200, maxDepth: 32 } as const;

export const expressionErrors = {
  empty: 'The expression is empty',
  tooLong: 'The expression is too long',
  tooDeep: 'The expression is nested too deeply',
  unexpected: 'Unexpected character in the expression',
  syntax: 'The expression is not valid arithmetic',
  unknownName: 'Unknown name in the expression; use x and numbers',
  notFinite: 'The expression gives no finite number',
} as const;

const functions: Record<string, { arity: number; apply: (...args: number[]) => number }> = {
  abs: { arity: 1, apply: Math.abs },
  sqrt: { arity: 1, apply: Math.sqrt },
  exp: { arity: 1, apply: Math.exp },
  ln: { arity: 1, apply: Math.log },
  log10: { arity: 1, apply: Math.log10 },
  round: { arity: 1, apply: Math.round },
  floor: { arity: 1, apply: Math.floor },
  ceil: { arity: 1, apply: Math.ceil },
  min: { arity: 2, apply: Math.min },
  max: { arity: 2, apply: Math.max },
  pow: { arity: 2, apply: Math.pow },
};

type Node =
  | { kind: 'number'; value: number }
  | { kind: 'x' }
  | { kind: 'negate'; operand: Node }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/' | '^' | '%'; left: Node; right: Node }
  | { kind: 'call'; name: string; args: Node[] };

type Token = { kind: 'number'; value: number } | { kind: 'name'; value: string } | { kind: 'symbol'; value: string };

export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index] as string;
    if (/\s/.test(char)) {
      index += 1;
    } else if (/[0-9.]/.test(char)) {
      const match = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(index));
      if (!match) throw new ExpressionError(expressionErrors.syntax);
      tokens.push({ kind: 'number', value: Number(match[0]) });
      index += match[0].length;
    } else if (/[a-zA-Z_]/.test(char)) {
      const match = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(source.slice(index)) as RegExpExecArray;
      tokens.push({ kind: 'name', value: match[0] });
      index += match[0].length;
    } else if ('+-*/^%(),'.includes(char)) {
      tokens.push({ kind: 'symbol', value: char });
      index += 1;
    } else {
      throw new ExpressionError(expressionErrors.unexpected);
    }
  }
  return tokens;
}

/** Recursive descent: sum := product (('+'|'-') product)*; product := power (('*'|'/'|'%') power)*; power := unary ('^' power)?; unary := '-' unary | atom. */
class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.sum(0);
    if (this.position !== this.tokens.length) throw new ExpressionError(expressionErrors.syntax);
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private takeSymbol(symbol: string): boolean {
    const token = this.peek();
    if (token?.kind === 'symbol' && token.value === symbol) {
      this.position += 1;
      return true;
    }
    return false;
  }

  private guard(depth: number): void {
    if (depth > expressionBounds.maxDepth) throw new ExpressionError(expressionErrors.tooDeep);
  }

  private sum(depth: number): Node {
    this.guard(depth);
    let node = this.product(depth + 1);
    while (true) {
      if (this.takeSymbol('+')) node = { kind: 'binary', operator: '+', left: node, right: this.product(depth + 1) };
      else if (this.takeSymbol('-'))
        node = { kind: 'binary', operator: '-', left: node, right: this.product(depth + 1) };
      else return node;
    }
  }

  private product(depth: number): Node {
    this.guard(depth);
    let node = this.power(depth + 1);
    while (true) {
      if (this.takeSymbol('*')) node = { kind: 'binary', operator: '*', left: node, right: this.power(depth + 1) };
      else if (this.takeSymbol('/')) node = { kind: 'binary', operator: '/', left: node, right: this.power(depth + 1) };
      else if (this.takeSymbol('%')) node = { kind: 'binary', operator: '%', left: node, right: this.power(depth + 1) };
      else return node;
    }
  }

  private power(depth: number): Node {
    this.guard(depth);
    const base = this.unary(depth + 1);
    if (this.takeSymbol('^')) return { kind: 'binary', operator: '^', left: base, right: this.power(depth + 1) };
    return base;
  }

  private unary(depth: number): Node {
    this.guard(depth);
    if (this.takeSymbol('-')) return { kind: 'negate', operand: this.unary(depth + 1) };
    if (this.takeSymbol('+')) return this.unary(depth + 1);
    return this.atom(depth + 1);
  }

  private atom(depth: number): Node {
    this.guard(depth);
    const token = this.peek();
    if (!token) throw new ExpressionError(expressionErrors.syntax);
    this.position += 1;
    if (token.kind === 'number') return { kind: 'number', value: token.value };
    if (token.kind === 'name') {
      if (token.value === 'x') return { kind: 'x' };
      const fn = Object.hasOwn(functions, token.value) ? functions[token.value] : undefined;
      if (!fn || !this.takeSymbol('(')) throw new ExpressionError(expressionErrors.unknownName);
      const args: Node[] = [this.sum(depth + 1)];
      while (this.takeSymbol(',')) args.push(this.sum(depth + 1));
      if (!this.takeSymbol(')') || args.length !== fn.arity) throw new ExpressionError(expressionErrors.syntax);
      return { kind: 'call', name: token.value, args };
    }
    if (token.value === '(') {
      const inner = this.sum(depth + 1);
      if (!this.takeSymbol(')')) throw new ExpressionError(expressionErrors.syntax);
      return inner;
    }
    throw new ExpressionError(expressionErrors.syntax);
  }
}

function evaluate(node: Node, x: number): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'x':
      return x;
    case 'negate':
      return -evaluate(node.operand, x);
    case 'call':
      return (functions[node.name] as (typeof functions)[string]).apply(...node.args.map((arg) => evaluate(arg, x)));
    case 'binary': {
      const left = evaluate(node.left, x);
      const right = evaluate(node.right, x);
      switch (node.operator) {
        case '+':
          return left + right;
        case '-':
          return left - right;
        case '*':
          return left * right;
        case '/':
          return left / right;
        case '%':
          return left % right;
        case '^':
          return left ** right;
      }
    }
  }
}

/** A parsed expression of `x`; `apply` gives NaN-free numbers or throws ExpressionError. */
export interface CompiledExpression {
  source: string;
  apply(x: number): number;
}

/** Parses an expression once; throws ExpressionError with a message that is also an i18n key. */
export function compileExpression(source: string): CompiledExpression {
  const trimmed = source.trim();
  if (!trimmed) throw new ExpressionError(expressionErrors.empty);
  if (trimmed.length > expressionBounds.maxLength) throw new ExpressionError(expressionErrors.tooLong);
  const tree = new Parser(tokenize(trimmed)).parse();
  return {
    source: trimmed,
    apply(x: number): number {
      const value = evaluate(tree, x);
      if (!Number.isFinite(value)) throw new ExpressionError(expressionErrors.notFinite);
      return value;
    },
  };
}

/** The error message of an invalid expression, or null when it is valid (for form validation). */
export function expressionProblem(source: string): string | null {
  try {
    compileExpression(source);
    return null;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
}
