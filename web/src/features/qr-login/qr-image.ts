import { encode } from 'uqr';

/** Dark modules of the QR code for the text, with a quiet zone of `border` modules; true is dark. */
export const qrMatrix = (text: string, border = 2): boolean[][] => encode(text, { ecc: 'M', border }).data;

/** One SVG path of the dark modules, a rectangle per horizontal run (far shorter than one per module). */
export const qrSvgPath = (matrix: readonly (readonly boolean[])[]): string => {
  let path = '';
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      let end = x;
      while (end < row.length && row[end]) end += 1;
      path += `M${x} ${y}h${end - x}v1h${x - end}z`;
      x = end;
    }
  });
  return path;
};

/** The QR image as an SVG data URL (the CSP allows data: images), sharp at any size. */
export const qrSvgDataUrl = (text: string): string => {
  const matrix = qrMatrix(text);
  const size = matrix.length;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${qrSvgPath(matrix)}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};
