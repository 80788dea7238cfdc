/** Where the demo's model lives: a scripted server on 127.0.0.1, in a scratch project. */
export interface DemoBackend {
  cwd: string;
  baseURL: string;
  apiKey: string;
  close(): Promise<void>;
}

/**
 * The built-in demo speaks the same HTTP protocol as a real server, from a scratch folder
 * with a small sample project; both go away with close(). `paceMs`: the pause between
 * streamed chunks (default: the demo's own, paced to be watched).
 */
export async function startDemoBackend(paceMs?: number): Promise<DemoBackend> {
  const [{ startScriptedServer }, { demoScript }, { createDemoWorkspace }] = await Promise.all([
    import('./scripted-server'),
    import('./demo-script'),
    import('./sample-project'),
  ]);
  const scratch = await createDemoWorkspace();
  const server = await startScriptedServer(demoScript(paceMs));
  return {
    cwd: scratch.root,
    baseURL: server.baseURL,
    apiKey: 'demo',
    async close() {
      await server.close();
      await scratch.remove();
    },
  };
}
