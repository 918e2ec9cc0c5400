/** A chart's data as a table: the same rows the table view shows and the CSV export writes. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

const cell = (value: string | number): string => {
  const text = String(value);
  // Spreadsheets run cells starting with these as formulas: keep them text.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** CSV with a byte-order mark, so spreadsheet programs read the Chinese text as UTF-8. */
export const csvOf = (table: ChartTable): string =>
  `\uFEFF${[table.columns, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

export const downloadCsv = (fileName: string, table: ChartTable): void => {
  const url = URL.createObjectURL(new Blob([csvOf(table)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
