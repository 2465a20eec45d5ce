import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, SERVER_ENTRY, siblingModule } from './runtime-files.ts';

describe('runtime files', () => {
  it("finds the project's folder from the sources (the compiled server finds the same one from dist/app/)", () => {
    expect((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string }).name).toBe('loja');
    expect(SERVER_ENTRY).toBe(join(PROJECT_ROOT, 'dist', 'app', 'server', 'main.js'));
  });

  it('names a module beside the caller with the caller’s own extension', () => {
    expect(siblingModule('file:///shop/src/media/variants.ts', './variants-encode').href).toBe('file:///shop/src/media/variants-encode.ts');
    expect(siblingModule('file:///shop/dist/app/src/media/variants.js', './variants-encode').href).toBe(
      'file:///shop/dist/app/src/media/variants-encode.js',
    );
  });

  it('the build compiled every module the server starts by file next to the compiled server', () => {
    // `npm test` builds first (pretest); the image workers are not imported, only named by file.
    for (const worker of ['src/media/variants-encode.js', 'src/media/reencode.js', 'src/demo/demo-images.js']) {
      expect(existsSync(join(PROJECT_ROOT, 'dist', 'app', worker)), worker).toBe(true);
    }
    expect(existsSync(SERVER_ENTRY)).toBe(true);
  });
});
