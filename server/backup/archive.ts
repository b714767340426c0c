// A backup's tar: written by node-tar from a staging folder; read back from an untrusted file, so
// every entry is checked before anything is extracted, and only regular files and folders with
// the names a backup holds are ever written.
import * as tar from 'tar';
import type { Readable } from 'node:stream';
import { UPLOAD_FILE_NAME } from '../uploads/image-store.js';

export class RestoreRefused extends Error {}

/** Folders of DATA_DIR a backup carries: pictures only, named as the app names them. */
export const PICTURE_FOLDERS = ['uploads', 'submission-images'] as const;
const ROOT_FILES = new Set(['manifest.json', 'database.jsonl.gz', 'database.dump']);

const REFUSED_TYPES: Record<string, string> = {
  Link: 'es un enlace duro',
  SymbolicLink: 'es un enlace simbólico',
  CharacterDevice: 'es un dispositivo',
  BlockDevice: 'es un dispositivo',
  FIFO: 'es una tubería (FIFO)',
};

/** The whole of `folder` as a tar stream. */
export const tarOf = (folder: string): Readable =>
  tar.c({ cwd: folder, portable: true }, ['.']) as unknown as Readable;

function isExpected(parts: string[], folder: boolean): boolean {
  const [first, second] = parts;
  const pictureFolder = (PICTURE_FOLDERS as readonly (string | undefined)[]).includes(first);
  if (folder) return parts.length === 0 || (parts.length === 1 && pictureFolder);
  if (parts.length === 1) return ROOT_FILES.has(first!);
  return parts.length === 2 && pictureFolder && UPLOAD_FILE_NAME.test(second!);
}

/** Why an entry has no place in a backup; undefined when it has one. */
function refusalOf(entryPath: string, type: string): string | undefined {
  if (REFUSED_TYPES[type]) return REFUSED_TYPES[type];
  if (type !== 'File' && type !== 'OldFile' && type !== 'Directory')
    return `es de un tipo que una copia no tiene (${type})`;
  if (entryPath.startsWith('/')) return 'es una ruta absoluta';
  const parts = entryPath.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return 'sale de la carpeta de la copia (..)';
  if (!isExpected(parts, type === 'Directory'))
    return 'no es parte de una copia de Conciertos Mallorca';
  return undefined;
}

/** Reads every entry of `file`; throws RestoreRefused, naming the first entry a backup never holds. */
export async function checkArchive(file: string): Promise<void> {
  const seen = new Set<string>();
  let refusal: string | undefined;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const key = entry.path.replace(/\/+$/, '');
        const reason =
          refusalOf(entry.path, entry.type) ?? (seen.has(key) ? 'aparece dos veces' : undefined);
        seen.add(key);
        refusal ??= reason && `la entrada «${entry.path}» ${reason}`;
      },
    });
  } catch {
    refusal ??= 'su tar está dañado o incompleto';
  }
  if (refusal)
    throw new RestoreRefused(
      `La copia ${file} no se restaura: ${refusal}. No se ha restaurado nada.`,
    );
}

/** Extracts a checked archive into `folder`, still writing nothing a backup does not hold. */
export async function extractArchive(file: string, folder: string): Promise<void> {
  await tar.x({
    file,
    cwd: folder,
    strict: true,
    filter: (entryPath, entry) => 'type' in entry && refusalOf(entryPath, entry.type) === undefined,
  });
}
