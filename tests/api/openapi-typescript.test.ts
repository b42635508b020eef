// The OpenAPI document is good enough for a typed client: openapi-typescript turns it into
// TypeScript that compiles cleanly and names the shop's routes and answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'tessera-client-'));

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a typed client from /api/openapi.json', () => {
  it('generates TypeScript that compiles with the strictest settings and a client that uses it', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    const types = await openapiTS(document);
    expect(types).toContain('"/api/checkout/orders"');
    expect(types).toContain('"/api/cart/add"');
    writeFileSync(join(dir, 'api.ts'), types);
    // A client's use of it: an answer's fields are typed, a wrong one is an error.
    writeFileSync(
      join(dir, 'client.ts'),
      `import type { paths } from './api.ts';
type Cart = paths['/api/cart']['get']['responses'][200]['content']['application/json'];
export const total = (cart: Cart): string => cart.data.total;
type Placed = paths['/api/checkout/orders']['post']['responses'][201]['content']['application/json'];
export const orderNumber = (placed: Placed): string => placed.data.number;
`,
    );
    writeFileSync(
      join(dir, 'wrong.ts'),
      `import type { paths } from './api.ts';
type Cart = paths['/api/cart']['get']['responses'][200]['content']['application/json'];
export const total = (cart: Cart): number => cart.data.no_such_field;
`,
    );
    const diagnostics = (file: string) => {
      const program = ts.createProgram([join(dir, file)], {
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        skipLibCheck: true,
      });
      return ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(diagnostics('client.ts')).toEqual([]);
    // The types are real: a field the API does not send is an error.
    expect(diagnostics('wrong.ts').join('\n')).toMatch(/no_such_field/);
  });
});
