/**
 * The program the start-up's variant survey runs as (backfill.ts, `backfillVariantsInBackground`):
 * reads the uploads folder given as its argument and writes one line per stored original lacking a
 * variant (its file name) and one per variant without its original (`-` and its file name), then
 * `=` and how many originals it looked at. Exits 1 when the folder cannot be read. Needs nothing of
 * the server but the folder.
 */
import { surveyFolder } from './variants-survey.ts';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: variants-survey-process <uploads folder>\n');
  process.exit(2);
}
let originals = 0;
let lines = '';
let readAll = true;
try {
  for (const found of surveyFolder(dir)) {
    if ('lone' in found) lines += `-${found.lone}\n`;
    else {
      originals++;
      if (found.complete) continue;
      lines += `${found.original}\n`;
    }
    // Written in runs (a pipe's write is synchronous on Linux and blocks while the server reads).
    if (lines.length >= 16_384) {
      process.stdout.write(lines);
      lines = '';
    }
  }
} catch {
  readAll = false;
}
// The count ends the output only when the whole folder was read.
process.stdout.write(readAll ? `${lines}=${originals}\n` : lines);
if (!readAll) process.exitCode = 1;
