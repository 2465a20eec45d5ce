/**
 * Process entry (`npm start`, the Docker image, the benchmark, the fault tests). Never imported.
 *
 * The process settings come first (src/process-settings.ts: malloc variables, heap limit): they
 * may mean starting the process again, and that happens before the server's modules load
 * (loading them takes about a second), so the server is imported only afterwards. Node's module
 * compile cache (server/compile-cache.ts) is turned on in between, so that loading reads compiled
 * code where an earlier start left it.
 */
import { reexecWithProcessSettings } from '../src/process-settings.ts';
import { enableModuleCompileCache } from './compile-cache.ts';

reexecWithProcessSettings();
// After the settings (a restart with them compiles nothing twice), before the server's modules load.
const compileCache = enableModuleCompileCache();
const { start } = await import('./start.ts');
await start({ compileCache });
