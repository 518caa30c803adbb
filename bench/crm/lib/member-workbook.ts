import * as XLSX from 'xlsx';

export const MEMBER_HEADER = ['Name', 'Phone number', 'Company name', 'Groups', 'Levels', 'city', 'birthday'];

/**
 * A member workbook as Excel writes one (text in the shared-string table), with the demo company's
 * groups, levels and custom fields so every row is valid: what a call-centre moving its customers in
 * would upload.
 */
export function memberWorkbook(rows: number): Uint8Array {
  const data: string[][] = [MEMBER_HEADER];
  const groups = ['VIP', '일반', '기업', ''];
  const levels = ['Gold', 'Silver', 'Bronze'];
  const cities = ['서울', '부산', '대구', '인천', '광주'];
  for (let i = 0; i < rows; i += 1) {
    data.push([
      `회원 ${i}`,
      `010-${String(2000 + Math.floor(i / 10000)).padStart(4, '0')}-${String(i % 10000).padStart(4, '0')}`,
      `회사 ${i % 500}`,
      groups[i % groups.length]!,
      levels[i % levels.length]!,
      cities[i % cities.length]!,
      `19${String(50 + (i % 50)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Members');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true, bookSST: true }) as Uint8Array;
}
