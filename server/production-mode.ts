/**
 * Imported first by server/start.ts (which the entry, server/main.ts, loads before anything else
 * of the server), before anything imports React or another library that reads NODE_ENV once at
 * import time: a process started without NODE_ENV runs every library's
 * production build (React's development build is several times slower at rendering). ESM imports
 * are evaluated in order, so this must stay a module of its own, imported first.
 */
process.env.NODE_ENV ??= 'production';
