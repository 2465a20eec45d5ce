/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    type Request = {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request is sent: what it returns is sent. */
      setupRequest?: (req: { method?: string; path: string; headers?: Record<string, string> }) => {
        method?: string;
        path: string;
        headers?: Record<string, string>;
      };
    };
    type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; requests?: Request[] };
    type Result = { duration: number; errors: number; timeouts: number; requests: { total: number; average: number } };
    type Instance = {
      on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
      on(event: 'done', listener: (result: Result) => void): Instance;
      on(event: 'error', listener: (err: Error) => void): Instance;
      stop(): void;
    };
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
