import { GREETING_TEXTS } from '@common/greetings/rules';
import { parseGreetingsCsv } from '@common/greetings/csv';
import { JSON_BODY_LIMIT_BYTES } from '@common/shared/limits';

export type ImportFile = { ok: true; csv: string } | { ok: false; message: string };

/**
 * Reads the chosen file for the import preview, refusing here what the server would refuse:
 * anything that is not a greetings CSV ('Invalid CSV file.') and a file whose JSON body would
 * pass the API's body limit (quotes and non-ASCII text take more room in JSON than on disk).
 */
export async function readImportFile(file: Blob): Promise<ImportFile> {
  if (file.size > JSON_BODY_LIMIT_BYTES) return { ok: false, message: GREETING_TEXTS.fileTooLarge };
  const csv = await file.text();
  if (!parseGreetingsCsv(csv).ok) return { ok: false, message: GREETING_TEXTS.invalidCsv };
  if (new Blob([JSON.stringify({ csv })]).size > JSON_BODY_LIMIT_BYTES) return { ok: false, message: GREETING_TEXTS.fileTooLarge };
  return { ok: true, csv };
}
