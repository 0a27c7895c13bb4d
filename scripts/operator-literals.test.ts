// The operator API (order moves, trusted sign-in, the database dump) is spelled once, in its
// contract (shared/src/contracts/operator.ts): its header and paths anywhere else would drift
// from it unseen. Every tracked source file is read as TypeScript, and a string or template
// literal that names the header or an `/operator/` path fails here; comments and import paths
// (the backend's `operator/` folder) do not count.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONTRACTS = 'shared/src/contracts/';

// Built from parts, so this file does not spell what it looks for.
const HEADER = ['x', 'operator', 'secret'].join('-');
const PATH = ['', 'operator', ''].join('/');

function isModuleSpecifier(node: ts.Node): boolean {
  const { parent } = node;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) return true;
  return (
    ts.isCallExpression(parent) &&
    (parent.expression.kind === ts.SyntaxKind.ImportKeyword ||
      (ts.isIdentifier(parent.expression) && parent.expression.text === 'require'))
  );
}

/** `line: text` of each literal in `source` that spells the operator header or an operator path. */
export function operatorLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      !isModuleSpecifier(node) &&
      (node.text.toLowerCase().includes(HEADER) || node.text.includes(PATH))
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${String(line + 1)}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The tracked sources outside the contracts and build output. */
function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith(CONTRACTS) && !/(^|\/)dist\//.test(file));
}

describe('the operator API outside its contract', () => {
  it('is found in a string or a template, and not in a comment or an import path', () => {
    const source = [
      `// ${PATH}orders/:number/status with ${HEADER}`,
      `import { x } from '..${PATH}operator-routes';`,
      `const a = '${HEADER.toUpperCase()}';`,
      'const b = `${base}' + PATH + 'orders/${n}/status`;',
      `const c = await import('.${PATH}order-status-command');`,
    ].join('\n');
    expect(operatorLiterals('sample.ts', source)).toEqual([
      `3: ${HEADER.toUpperCase()}`,
      `4: ${PATH}orders/`,
    ]);
  });

  it('is spelled in no tracked source file', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) =>
      operatorLiterals(file, readFileSync(join(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  }, 60_000);
});
