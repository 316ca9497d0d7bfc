import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateClientTypes, generatedFile, generatePrintPageDocuments, printPageFile } from './codegen.ts';

describe('client types', () => {
  it('match the schema and the web app operations', async () => {
    const committed = fs.existsSync(generatedFile) ? fs.readFileSync(generatedFile, 'utf8') : '';
    expect(committed, 'apps/web/src/graphql/generated.ts is stale: run npm run codegen').toBe(
      await generateClientTypes(),
    );
  });

  it("give the server the print page's operations as they are", async () => {
    const committed = fs.existsSync(printPageFile) ? fs.readFileSync(printPageFile, 'utf8') : '';
    expect(committed, 'apps/server/src/modules/report-pdf/print-page.generated.ts is stale: run npm run codegen').toBe(
      await generatePrintPageDocuments(),
    );
  });
});
