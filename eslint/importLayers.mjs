// @ts-check
/**
 * The layers of the code base and the ESLint rule that keeps them: no import cycle (through type imports too),
 * and no import from a lower layer up. See docs/architecture.md for the picture.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Units from the bottom up. A unit may import from its own folder and from units of a lower rank; two units
 * of the same rank are independent of each other.
 * @type {string[][]}
 */
export const LAYERS = [
  // src/core/channel: the request/reply correlator every end of a channel shares (webviews, host, workers).
  ['src/core/model', 'src/core/channel'],
  ['src/core/l10n'],
  // src/core/engine/wasm: the WebAssembly assembler and module compilation, which kernels of any layer build on.
  ['src/core/text', 'src/core/engine/wasm'],
  ['src/core/json'],
  // src/core/compare/statistics: pure estimators (model types only), read by the log report as well as by comparisons.
  ['src/core/fileKind.ts', 'src/core/yaml', 'src/core/filters', 'src/core/archive', 'src/core/format', 'src/core/trace', 'src/core/compare/statistics'],
  ['src/core/schema', 'src/core/engine'],
  ['src/core/log', 'src/core/validation'],
  ['src/core/sources'],
  // src/core/generators: a generator definition run for the preview; reads datasets through the sources.
  ['src/core/generators'],
  // src/core/inspect: Inspect logs as reports (reads archives through src/core/sources/evalLogs).
  ['src/core/protocol', 'src/core/authoring', 'src/core/export', 'src/core/inspect', 'src/core/logCatalog'],
  ['src/core/report', 'src/core/workspaceKeys'],
  ['src/core/compare'],
  // src/api: the Node library, beside the extension and the command line (the three share the core only).
  ['src/extension', 'src/cli', 'src/api', 'webview/shared'],
  ['webview/logReport', 'webview/compare', 'webview/preview', 'webview/trace', 'webview/conversation'],
];

/**
 * The unit a file belongs to (the longest listed prefix) and its rank, or undefined outside the layers.
 * @param {string} relative path from the repository root, `/` separators
 * @returns {{ unit: string, rank: number } | undefined}
 */
export function unitOf(relative) {
  let best;
  for (let rank = 0; rank < LAYERS.length; rank++) {
    for (const unit of LAYERS[rank]) {
      if ((relative === unit || relative.startsWith(`${unit}/`)) && (!best || unit.length > best.unit.length)) best = { unit, rank };
    }
  }
  return best;
}

/**
 * Why importing `to` from `from` breaks the layering, or undefined when it does not.
 * @param {string} from
 * @param {string} to
 */
export function layerViolation(from, to) {
  const a = unitOf(from);
  const b = unitOf(to);
  if (!a || !b || a.unit === b.unit) return undefined;
  if (b.rank > a.rank) return `${a.unit} (layer ${a.rank}) must not import from ${b.unit} (layer ${b.rank}), a higher layer`;
  if (b.rank === a.rank) return `${a.unit} and ${b.unit} are independent units of layer ${a.rank}; move what both need lower`;
  return undefined;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;

/**
 * What each specifier's absolute base resolved to: the graph and the rule resolve the same imports once, within
 * one lint run (like the cycles below).
 * @type {Map<string, string | undefined>}
 */
const resolved = new Map();

/**
 * The file a relative specifier names, or undefined.
 * @param {string} fromFile absolute
 * @param {string} specifier
 */
export function resolveSpecifier(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  if (resolved.has(base)) return resolved.get(base);
  let found;
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    try {
      if (fs.statSync(candidate).isFile()) {
        found = candidate;
        break;
      }
    } catch {
      // not this one
    }
  }
  resolved.set(base, found);
  return found;
}

/**
 * Every relative import between the TypeScript files under the given folders.
 * @param {string} root
 * @param {string[]} folders relative to root
 * @returns {Map<string, string[]>} absolute file → absolute files it imports
 */
export function importGraph(root, folders) {
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') walk(full);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        const targets = new Set();
        for (const match of text.matchAll(SPECIFIER)) {
          const target = resolveSpecifier(full, match[2]);
          if (target && target.endsWith('.ts')) targets.add(target);
        }
        graph.set(full, [...targets]);
      }
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return graph;
}

/**
 * The import cycles of a graph: each strongly connected component of two or more files (Tarjan), mapped
 * from each of its files to the component's index.
 * @param {Map<string, string[]>} graph
 * @returns {{ cycles: string[][], cycleOf: Map<string, number> }}
 */
export function importCycles(graph) {
  let counter = 0;
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const cycles = [];
  /** @param {string} start */
  const connect = (start) => {
    // Iterative, so a long chain of files cannot overflow the stack.
    /** @type {[string, number][]} */
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = graph.get(node) ?? [];
      if (next < targets.length) {
        frame[1]++;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (index.get(target))));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(/** @type {number} */ (low.get(parent)), /** @type {number} */ (low.get(node))));
      }
      if (low.get(node) === index.get(node)) {
        /** @type {string[]} */ const component = [];
        let member;
        do {
          member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) cycles.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  /** @type {Map<string, number>} */
  const cycleOf = new Map();
  cycles.forEach((component, i) => component.forEach((file) => cycleOf.set(file, i)));
  return { cycles, cycleOf };
}

/** @type {Map<string, { cycles: string[][], cycleOf: Map<string, number> }>} */
const cyclesByRoot = new Map();

/** @param {string} root */
function cyclesOf(root) {
  let found = cyclesByRoot.get(root);
  if (!found) {
    found = importCycles(importGraph(root, ['src', 'webview']));
    cyclesByRoot.set(root, found);
  }
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, and no import from a lower layer up (eslint/importLayers.mjs lists the layers).' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (!relative.startsWith('src/') && !relative.startsWith('webview/')) return {};
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolveSpecifier(file, source.value);
      if (!target) return;
      const targetRelative = path.relative(root, target).split(path.sep).join('/');
      const violation = layerViolation(relative, targetRelative);
      if (violation) context.report({ node: source, message: `Import from a lower layer up: ${violation}.` });
      const { cycles, cycleOf } = cyclesOf(root);
      const mine = cycleOf.get(file);
      if (mine !== undefined && cycleOf.get(target) === mine) {
        const members = cycles[mine].map((f) => path.relative(root, f).split(path.sep).join('/')).sort();
        context.report({ node: source, message: `Import cycle through ${members.length} files: ${members.join(', ')}.` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'import-layers': importLayersRule } };
