// server/lib/private-files.ts: a write that fails halfway leaves neither the file nor its
// temporary behind, and a file is replaced whole.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { privateDir, writePrivateFile, writePrivateStream } from '../server/lib/private-files.js';

describe('private files', () => {
  let dir: string;
  beforeEach(() => {
    dir = privateDir(path.join(mkdtempSync(path.join(tmpdir(), 'cm-private-')), 'kept'));
  });

  it('a source that fails halfway leaves nothing behind', async () => {
    const failing = new Readable({
      read() {
        this.push('first half');
        this.destroy(new Error('tar falló'));
      },
    });
    await expect(writePrivateStream(path.join(dir, 'copy.tar'), failing)).rejects.toThrow(
      'tar falló',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('replaces an existing file whole, 0600', () => {
    const file = path.join(dir, 'mail.eml');
    writeFileSync(file, 'old contents, longer than the new ones', { mode: 0o644 });
    writePrivateFile(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['mail.eml']);
  });
});
