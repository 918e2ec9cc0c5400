import { PassThrough, Readable } from 'node:stream';
import type { Row } from 'exceljs';
import { loadExcelJS } from './load-exceljs';

/**
 * The parts of exceljs's streaming WorkbookReader (exceljs 4.4) used below beyond its public API:
 * its parsers of the workbook's parts, without the single streaming pass that drives them.
 */
interface WorkbookReaderParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ value: AsyncIterable<Row> }>;
}

/** Where a workbook relationship's target lives in the archive (targets are relative to xl/). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/**
 * The rows of an .xlsx's first worksheet (in the workbook's order), one at a time, with shared
 * strings resolved and dates read as dates.
 *
 * exceljs's own streaming reader unzips in one pass in stored order. exceljs writes
 * xl/workbook.xml last, and now and then that pass has not delivered it when the worksheet is
 * parsed: the read throws at random (exceljs issue 3064). On an idle machine it was 1 read in 300
 * of the same file; CI's import test met it under load. The upload is held whole anyway (at most
 * IMPORT_MAX_BYTES), so the parts are opened through the zip's central directory and parsed in the
 * order they depend on each other; the worksheet itself is still inflated and read as a stream.
 * Anything unreadable throws; the caller names it.
 */
export async function* firstWorksheetRows(file: Buffer): AsyncGenerator<Row> {
  const [ExcelJS, { default: JSZip }] = await Promise.all([loadExcelJS(), import('jszip')]);
  const zip = await JSZip.loadAsync(file);
  const part = (name: string): Readable | undefined =>
    zip.file(name)?.nodeStream('nodebuffer').pipe(new PassThrough());

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderParts;

  const rels = part('xl/_rels/workbook.xml.rels');
  const workbook = part('xl/workbook.xml');
  if (!rels || !workbook) throw new Error('not a workbook: no xl/workbook.xml or its relationships');
  await reader._parseRels(rels);
  await reader._parseWorkbook(workbook);
  const sharedStrings = part('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);

  const first = reader.model?.sheets?.[0];
  const target = first && reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  const sheet = target && part(partPath(target));
  if (!sheet) throw new Error('not a workbook: its first worksheet is missing');
  const sheetNo = /sheet(\d+)\.xml$/.exec(target)?.[1] ?? '1';
  for (const { value: rows } of reader._parseWorksheet(sheet, sheetNo)) yield* rows;
}
