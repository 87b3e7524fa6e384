import type { Rolldown } from 'vite';
import { chunkFilesOf } from './preload-in-index';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[]) =>
  ({ type: 'chunk', fileName, facadeModuleId, imports }) as unknown as Rolldown.OutputChunk;

describe('chunkFilesOf', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-A.js', '/web/index.html', ['assets/react-B.js']),
      chunk('assets/react-B.js', null, []),
      chunk('assets/login-C.js', '/web/src/app/routes/auth/login.tsx', ['assets/react-B.js', 'assets/panel-D.js']),
      chunk('assets/panel-D.js', null, ['assets/text-E.js']),
      chunk('assets/text-E.js', null, []),
      chunk('assets/tasks-F.js', '/web/src/app/routes/work/tasks.tsx', ['assets/react-B.js']),
    ].map((c) => [c.fileName, c]),
  ) as Rolldown.OutputBundle;

  it('names the chunk of each module and everything it imports, directly or not', () => {
    expect(chunkFilesOf(bundle, '/web', ['src/app/routes/auth/login.tsx']).sort()).toEqual(['assets/login-C.js', 'assets/panel-D.js', 'assets/react-B.js', 'assets/text-E.js']);
  });

  it('refuses a module that is not a chunk of its own', () => {
    expect(() => chunkFilesOf(bundle, '/web', ['src/app/routes/auth/missing.tsx'])).toThrow(/no chunk/);
  });
});
