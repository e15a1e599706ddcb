/**
 * File level of the bank files: joining records with the agreed terminator, splitting a received file into
 * records whatever its terminator, and ISO-8859-1 bytes (what banks send) to text and back.
 */
import { bankFileMessages as m } from './bank-files.messages.js';
import { BankFileError, type RecordWidth } from './layout.js';

/** Line terminator written after every record (default CRLF, as most banks want; configurable per agreement). */
export type LineTerminator = 'CRLF' | 'LF' | 'none';

const TERMINATORS: Record<LineTerminator, string> = { CRLF: '\r\n', LF: '\n', none: '' };

/** The file's text: every record followed by the terminator (the last one too), no blank line at the end. */
export function writeFile(lines: readonly string[], terminator: LineTerminator = 'CRLF'): string {
  const t = TERMINATORS[terminator];
  return lines.length === 0 ? '' : lines.join(t) + t;
}

/**
 * The records of a received file. Accepts CRLF, LF or CR between records, or none at all (then the text is cut
 * every `width` characters). Short lines are right-padded with spaces to `width` (some banks trim trailing
 * spaces); longer lines are kept as they are so the reader reports them. Blank lines at the end and a leading
 * BOM are dropped.
 */
export function splitLines(text: string, width: RecordWidth): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let lines: string[];
  if (body.includes('\n')) {
    // Plain string splits (a regex split is slower on 200,000 lines); a CR left by CRLF is dropped below.
    lines = body.split('\n');
  } else if (body.includes('\r')) {
    lines = body.split('\r');
  } else {
    lines = [];
    for (let at = 0; at < body.length; at += width) lines.push(body.slice(at, at + width));
  }
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === '') end--;
  lines.length = end;
  for (let i = 0; i < end; i++) {
    let line = lines[i]!;
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    lines[i] = line.length < width ? line.padEnd(width, ' ') : line;
  }
  return lines;
}

/** ISO-8859-1 bytes to text, byte for byte (not windows-1252, which TextDecoder's 'latin1' label gives). */
export function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 8192;
  for (let at = 0; at < bytes.length; at += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  }
  return out;
}

/** Text to ISO-8859-1 bytes (characters above U+00FF become '?'); the files we write are plain ASCII anyway. */
export function encodeLatin1(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code > 0xff ? 0x3f : code;
  }
  return bytes;
}

/** A received file as text: bytes are read as ISO-8859-1, text is taken as it is. */
export const fileText = (input: string | Uint8Array) => (typeof input === 'string' ? input : decodeLatin1(input));

/**
 * One thing wrong in a received file, as the import lists it. `kind` tells what: 'length' (a line longer than the
 * record), 'field' (a bad number or date), 'record-type' (unknown record or segment), 'structure' (missing or
 * misplaced header/trailer, a T without its U), 'trailer' (the trailer's count or sum does not add up: the import
 * refuses the whole file).
 */
export interface BankFileProblem {
  /** 1-based line number in the file. */
  line: number;
  kind: 'length' | 'field' | 'record-type' | 'structure' | 'trailer';
  field?: string;
  /** pt-BR, naming the line and the field. */
  message: string;
}

/** A problem from an error thrown while reading line `line` (a BankFileError keeps its field). */
export function problemOf(error: unknown, line: number): BankFileProblem {
  if (error instanceof BankFileError) {
    const kind = error.field === undefined ? 'length' : 'field';
    return {
      line,
      kind,
      ...(error.field === undefined ? {} : { field: error.field }),
      message: new BankFileError(error.reason, error.field, line).message,
    };
  }
  throw error;
}

/** A problem of a given kind on a line, its message naming the line (and the field). */
export function problemAt(line: number, kind: BankFileProblem['kind'], reason: string, field?: string): BankFileProblem {
  return { line, kind, ...(field === undefined ? {} : { field }), message: new BankFileError(reason, field, line).message };
}

/**
 * The walk every reader of a received file shares: each line of the record's width goes to `readLine` (what it
 * throws becomes that line's problem); a line of another width is a problem of its own and is not read.
 */
export function readReceivedLines(
  lines: readonly string[],
  width: RecordWidth,
  problems: BankFileProblem[],
  readLine: (text: string, line: number) => void,
): void {
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.length !== width) {
      problems.push(problemAt(line, 'length', m.wrongLength(text.length, width)));
      return;
    }
    try {
      readLine(text, line);
    } catch (error) {
      problems.push(problemOf(error, line));
    }
  });
}

/**
 * After the walk: a missing header or trailer is listed (else `checkTrailer` adds what the trailer's totals
 * disagree with), the problems are sorted by line, and the answer is whether the file is balanced: its header is
 * there and no problem is of kind 'trailer' (the import refuses an unbalanced file whole).
 */
export function closeReceivedFile(problems: BankFileProblem[], lineCount: number, hasHeader: boolean, checkTrailer: (() => void) | null): boolean {
  if (!hasHeader) problems.push(problemAt(1, 'structure', m.noHeader));
  if (checkTrailer) checkTrailer();
  else problems.push(problemAt(lineCount, 'trailer', m.noTrailer));
  problems.sort((a, b) => a.line - b.line);
  return hasHeader && !problems.some((p) => p.kind === 'trailer');
}

/** The trailer check of the 150-column files (CNAB 150, payroll): its record count and its sum in cents. */
export function checkCountAndSum(
  problems: BankFileProblem[],
  trailer: { line: number; recordCount: number; totalCents: number },
  lineCount: number,
  sum: number,
): void {
  if (trailer.recordCount !== lineCount)
    problems.push(problemAt(trailer.line, 'trailer', m.trailerCount(trailer.recordCount, lineCount), 'recordCount'));
  if (trailer.totalCents !== sum) problems.push(problemAt(trailer.line, 'trailer', m.trailerSum(trailer.totalCents, sum), 'totalCents'));
}

export interface BuiltRecord {
  /** 1-based line of the record in the file. */
  line: number;
  chargeId: string;
  memberId: string;
  valueCents: number;
}

export interface BuiltFile {
  text: string;
  lines: string[];
  /** One per detail record (E, P/Q pair, payroll line), in file order. */
  records: BuiltRecord[];
  /** Records in the file, header and trailer included. */
  recordCount: number;
  totalCents: number;
}
