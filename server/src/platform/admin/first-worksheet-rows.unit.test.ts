import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { firstWorksheetRows } from './first-worksheet-rows';

const valuesOf = async (file: Buffer) => {
  const rows: unknown[][] = [];
  for await (const row of firstWorksheetRows(file)) rows.push((row.values as unknown[]).slice(1));
  return rows;
};

/** A workbook as exceljs writes it: xl/workbook.xml is the archive's last part. */
const exceljsWorkbook = async () => {
  const workbook = new ExcelJS.Workbook();
  const first = workbook.addWorksheet('租户');
  first.addRow(['编码', '名称', '到期时间', '数量', '启用']);
  first.addRow(['imp-a', '导入甲公司', new Date(Date.UTC(2027, 11, 31)), 12, true]);
  first.addRow(['imp-b', '导入乙公司', null, null, false]);
  workbook.addWorksheet('说明').addRow(['不应读到']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

describe('firstWorksheetRows', () => {
  it('reads the first worksheet with shared strings, dates, numbers and booleans', async () => {
    expect(await valuesOf(await exceljsWorkbook())).toEqual([
      ['编码', '名称', '到期时间', '数量', '启用'],
      ['imp-a', '导入甲公司', new Date(Date.UTC(2027, 11, 31)), 12, true],
      ['imp-b', '导入乙公司', undefined, undefined, false],
    ]);
  });

  // exceljs's own streaming reader parses parts in stored order: with the worksheet stored before
  // xl/workbook.xml it failed every time (and about 1 read in 300 of exceljs's own files, whose
  // workbook.xml comes last: exceljs issue 3064).
  it('reads parts in any stored order, xl/workbook.xml last included', async () => {
    const original = await JSZip.loadAsync(await exceljsWorkbook());
    const names = Object.keys(original.files).filter((name) => !original.files[name]!.dir);
    const rank = (name: string) =>
      name === 'xl/workbook.xml'
        ? 3
        : name.startsWith('xl/worksheets/')
          ? 2
          : name.includes('rels') || name === 'xl/sharedStrings.xml'
            ? 0
            : 1;
    const reordered = new JSZip();
    for (const name of names.sort((a, b) => rank(a) - rank(b))) {
      reordered.file(name, await original.file(name)!.async('nodebuffer'));
    }
    const file = await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const stored = Object.keys((await JSZip.loadAsync(file)).files);
    expect(stored.at(-1)).toBe('xl/workbook.xml');
    expect(stored.indexOf('xl/sharedStrings.xml')).toBeLessThan(stored.indexOf('xl/worksheets/sheet1.xml'));
    expect(await valuesOf(file)).toHaveLength(3);
  });

  it('takes the first sheet in the workbook’s order, whatever the archive’s order or part names', async () => {
    const zip = await JSZip.loadAsync(await exceljsWorkbook());
    // The workbook lists sheet2.xml first: a sheet moved to the front in Excel keeps its part name.
    const workbookXml = await zip.file('xl/workbook.xml')!.async('string');
    const sheets = /<sheets>(.*)<\/sheets>/.exec(workbookXml)![1]!;
    const [one, two] = sheets.match(/<sheet [^>]*\/>/g)!;
    zip.file('xl/workbook.xml', workbookXml.replace(sheets, `${two}${one}`));
    const reordered = await zip.generateAsync({ type: 'nodebuffer' });
    expect(await valuesOf(reordered)).toEqual([['不应读到']]);
  });

  it('throws for an archive that is not a workbook', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    const notAWorkbook = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(valuesOf(notAWorkbook)).rejects.toThrow(/not a workbook/);
    await expect(valuesOf(Buffer.from('PK\u0003\u0004 truncated'))).rejects.toThrow();
  });
});
