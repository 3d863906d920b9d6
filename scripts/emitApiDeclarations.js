// Emits the declarations of the Node API: dist/api/index.d.ts and every file its declarations import (src/api and
// the view-model types it exposes), one file at a time with the options of tsconfig.api.json. Every exported name
// of src/api carries its type (isolatedDeclarations), so each file's declarations need no other file; a missing
// annotation fails the build. Called by esbuild.js.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const CONFIG = 'tsconfig.api.json';
const IMPORTED = /(?:\bfrom\s*|\bimport\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;

function compilerOptions(root) {
  const file = path.join(root, CONFIG);
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, file);
  return { options: parsed.options, entries: parsed.fileNames };
}

function sourceOf(base) {
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  throw new Error(`${base}: imported by the API's declarations, but no such source`);
}

function describe(diagnostics) {
  return diagnostics.map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const at = d.file ? `${d.file.fileName}${where ? `:${where.line + 1}:${where.character + 1}` : ''}: ` : '';
    return `${at}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  }).join('\n');
}

/** Writes the declarations; returns the files written (relative to root). */
function emitApiDeclarations(root) {
  const { options, entries } = compilerOptions(root);
  const srcDir = options.rootDir;
  const outDir = options.outDir;
  const queue = [...entries];
  const done = new Set();
  const written = [];
  while (queue.length) {
    const file = queue.shift();
    if (done.has(file)) continue;
    done.add(file);
    const result = ts.transpileDeclaration(fs.readFileSync(file, 'utf8'), { fileName: file, compilerOptions: options, reportDiagnostics: true });
    if (result.diagnostics?.length) throw new Error(`The API's declarations cannot be emitted:\n${describe(result.diagnostics)}`);
    const target = path.join(outDir, path.relative(srcDir, file).replace(/\.ts$/, '.d.ts'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, result.outputText);
    written.push(path.relative(root, target));
    for (const match of result.outputText.matchAll(IMPORTED)) queue.push(sourceOf(path.resolve(path.dirname(file), match[2])));
  }
  return written;
}

module.exports = { emitApiDeclarations };

if (require.main === module) console.log(emitApiDeclarations(path.join(__dirname, '..')).join('\n'));
