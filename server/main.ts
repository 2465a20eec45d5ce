/**
 * Process entry (`npm start`, the Docker image, the benchmark, the fault tests). Never imported.
 *
 * The process settings come first (src/process-settings.ts: malloc variables, heap limit): they
 * may mean starting the process again, and that happens before the server's modules load
 * (loading them takes about a second), so the server is imported only afterwards.
 */
import { reexecWithProcessSettings } from '../src/process-settings.ts';

reexecWithProcessSettings();
await import('./start.ts');
