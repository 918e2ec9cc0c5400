/**
 * exceljs, loaded the first time a workbook is read or written: importing it costs about 0.2 s of
 * CPU (it pulls in zip, stream and XML libraries), which a start-up should not pay for a feature
 * most requests never use.
 */
let loading: Promise<typeof import('exceljs')> | undefined;

export const loadExcelJS = async () => {
  loading ??= import('exceljs');
  const module = await loading;
  // exceljs is CommonJS: its API is the default export once compiled, the namespace under tsx.
  return (module as unknown as { default?: typeof module }).default ?? module;
};
