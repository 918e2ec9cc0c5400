import type { Table } from '../scenario';

/** Renders a table as aligned plain-text lines (numbers right-aligned, text left-aligned). */
export const formatTable = (table: Table): string[] => {
  const widths = table.columns.map((column, index) =>
    Math.max(column.length, ...table.rows.map((row) => (row[index] ?? '').length)),
  );
  const looksNumeric = (cell: string) => /^[\d.,%\s]+[a-zA-Z%]*$/.test(cell) && /\d/.test(cell);
  const renderRow = (cells: string[]) =>
    cells
      .map((cell, index) =>
        looksNumeric(cell) ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!),
      )
      .join('  ')
      .trimEnd();
  return [
    table.title,
    renderRow(table.columns),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...table.rows.map(renderRow),
  ];
};
