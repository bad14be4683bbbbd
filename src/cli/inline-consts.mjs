// A build step of the command line (build.mjs): writes the value of every top-level numeric
// constant of the bundle (`const EV_PIPE = 5`, `const S_BUSY_UNTIL = 0`, `const F_ACK = 2`)
// in place of its uses.
//
// Why: in the bundle these constants are variables of the module's scope, and the V8 of
// Node 20 reads such a variable from the module's context at every use, checks that it is a
// small integer and untags it: about five instructions per use where the literal costs none.
// The engine's per-packet paths use them everywhere (a link's slot offsets, the event kinds,
// packet flags, TCP states, RED's regions), and bench-100-red ran about 5 % more instructions
// per event because of it (docs/speed.md, 2026-11-29 evening). esbuild inlines such constants
// only in files without imports, and every engine file has some, so this pass does it for
// the whole bundle. The sources keep their named constants.
//
// It changes nothing but how a value is read: a constant is inlined only if it is declared
// once in the whole file (no other binding anywhere has its name, so no use can mean
// another variable), is never assigned, and is initialized with a number or an expression of
// numbers and arithmetic, written out in parentheses. Without acorn (a parser that comes with
// the dev dependencies), or with syntax it cannot parse, the bundle is left as it is: slower,
// same results.

const CONST_OPS = new Set(['+', '-', '*', '/', '%', '<<', '>>', '>>>', '|', '&', '^', '**']);

/** True if `n` is a number literal or arithmetic on number literals only. */
function isNumericConstant(n) {
  if (n.type === 'Literal') return typeof n.value === 'number';
  if (n.type === 'UnaryExpression') return (n.operator === '-' || n.operator === '+' || n.operator === '~') && isNumericConstant(n.argument);
  if (n.type === 'BinaryExpression') return CONST_OPS.has(n.operator) && isNumericConstant(n.left) && isNumericConstant(n.right);
  if (n.type === 'ParenthesizedExpression') return isNumericConstant(n.expression);
  return false;
}

/** The identifiers a binding pattern declares. */
function patternNames(p, out) {
  if (!p) return out;
  if (p.type === 'Identifier') out.push(p.name);
  else if (p.type === 'ObjectPattern') for (const q of p.properties) patternNames(q.type === 'RestElement' ? q.argument : q.value, out);
  else if (p.type === 'ArrayPattern') for (const q of p.elements) patternNames(q, out);
  else if (p.type === 'RestElement') patternNames(p.argument, out);
  else if (p.type === 'AssignmentPattern') patternNames(p.left, out);
  return out;
}

/**
 * The bundle `code` (an ES module, or a CommonJS script when `script`) with its top-level
 * numeric constants written in place of their uses; `code` itself when acorn is missing.
 */
export async function inlineConstants(code, script = false) {
  let acorn;
  try {
    acorn = await import('acorn');
  } catch {
    return code;
  }
  let ast;
  try {
    ast = acorn.parse(code, {
      ecmaVersion: 'latest',
      sourceType: script ? 'script' : 'module',
      allowHashBang: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
    });
  } catch {
    // syntax this acorn does not know: the bundle as esbuild wrote it (never a failed build
    // or a lost start-up snapshot for the sake of a speed-up)
    return code;
  }

  // the candidates: top-level declarations initialized with a numeric constant
  const value = new Map();
  for (const st of ast.body) {
    if (st.type !== 'VariableDeclaration') continue;
    for (const d of st.declarations) if (d.id.type === 'Identifier' && d.init && isNumericConstant(d.init)) value.set(d.id.name, code.slice(d.init.start, d.init.end));
  }

  // bindings by name (all scopes), names assigned or used where a literal cannot stand, and every reference
  const bindings = new Map();
  const spoilt = new Set();
  const refs = [];
  const bind = (names) => names.forEach((x) => bindings.set(x, (bindings.get(x) ?? 0) + 1));
  const visit = (n, parent, key) => {
    switch (n.type) {
      case 'VariableDeclarator':
        bind(patternNames(n.id, []));
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (n.id) bind([n.id.name]);
        for (const p of n.params) bind(patternNames(p, []));
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (n.id) bind([n.id.name]);
        break;
      case 'CatchClause':
        bind(patternNames(n.param, []));
        break;
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        bind([n.local.name]);
        break;
      case 'AssignmentExpression':
        patternNames(n.left.type === 'MemberExpression' ? null : n.left, []).forEach((x) => spoilt.add(x));
        break;
      case 'UpdateExpression':
        if (n.argument.type === 'Identifier') spoilt.add(n.argument.name);
        break;
      case 'ForInStatement':
      case 'ForOfStatement':
        if (n.left.type !== 'VariableDeclaration') patternNames(n.left, []).forEach((x) => spoilt.add(x));
        break;
      case 'Property':
        if (n.shorthand && n.value.type === 'Identifier') spoilt.add(n.value.name);
        break;
      case 'Identifier':
        if (isReference(parent, key)) refs.push(n);
        break;
    }
    for (const k in n) {
      const v = n[k];
      if (v === null || typeof v !== 'object' || k === 'loc') continue;
      if (Array.isArray(v)) {
        for (const c of v) if (c !== null && typeof c.type === 'string') visit(c, n, k);
      } else if (typeof v.type === 'string') visit(v, n, k);
    }
  };
  visit(ast, null, null);

  const edits = [];
  for (const r of refs) {
    const text = value.get(r.name);
    if (text === undefined || bindings.get(r.name) !== 1 || spoilt.has(r.name)) continue;
    edits.push([r.start, r.end, `(${text})`]);
  }
  edits.sort((a, b) => b[0] - a[0]);
  let out = code;
  for (const [s, e, t] of edits) out = out.slice(0, s) + t + out.slice(e);
  return out;
}

/** True if the Identifier under `parent[key]` reads a variable (not a property name, label, declaration or specifier). */
function isReference(parent, key) {
  if (parent === null) return false;
  switch (parent.type) {
    case 'MemberExpression':
      return key !== 'property' || parent.computed;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
      return key === 'value' ? parent.type !== 'MethodDefinition' : parent.computed;
    case 'VariableDeclarator':
      return key === 'init';
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return key === 'body';
    case 'ClassDeclaration':
    case 'ClassExpression':
      return key === 'superClass';
    case 'CatchClause':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
    case 'MetaProperty':
      return false;
    case 'AssignmentPattern':
      return key === 'right';
    case 'ArrayPattern':
    case 'ObjectPattern':
    case 'RestElement':
      return false;
    default:
      return true;
  }
}
