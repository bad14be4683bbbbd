/** A CSV file read back in tests (no dependency for it). */

/** RFC 4180 reader (quoted fields with commas, doubled quotes and line breaks): rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let f = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        f += '"';
        i++;
      } else if (c === '"') quoted = false;
      else f += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(f);
      f = '';
    } else if (c === '\n') {
      row.push(f);
      rows.push(row);
      row = [];
      f = '';
    } else f += c;
  }
  if (f !== '' || row.length > 0) {
    row.push(f);
    rows.push(row);
  }
  return rows;
}
