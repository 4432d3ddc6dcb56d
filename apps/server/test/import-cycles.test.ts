/**
 * No import cycle anywhere, type-only imports included (issue 28). Our own walk because
 * import-x/no-cycle skips type-only edges (the Header ↔ routes cycle of the web app hid there); it uses
 * the TypeScript compiler's own module resolution with each workspace's tsconfig (its @/ paths), so no
 * further dependency is needed.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const WORKSPACES = ['packages/contract', 'apps/server', 'apps/web', 'apps/console'];

/** Every module a file imports: value, type-only, re-exports, import() and import('…') types. */
function specifiers(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      if (ts.isStringLiteral(node.argument.literal)) found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project's own files and what each imports of them (never node_modules). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const workspace of WORKSPACES) {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, workspace, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    );
    if (!config) throw new Error(`no tsconfig in ${workspace}`);
    const host = ts.createCompilerHost(config.options);
    for (const file of config.fileNames.filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.endsWith('.d.ts'))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const targets = specifiers(source)
        .map((s) => ts.resolveModuleName(s, file, config.options, host).resolvedModule)
        .filter((r) => r && !r.isExternalLibraryImport)
        .map((r) => resolve(r?.resolvedFileName ?? ''))
        .filter((t) => t.startsWith(ROOT + sep) && !t.includes(`${sep}node_modules${sep}`));
      graph.set(resolve(file), targets);
    }
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strong = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(relative(ROOT, w));
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) strong(v);
  return found;
}

describe('imports', () => {
  it('form no cycle in any workspace, type-only ones included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(500);
    expect(cycles(graph)).toEqual([]);
  });

  it('the check finds a cycle when there is one', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });
});
