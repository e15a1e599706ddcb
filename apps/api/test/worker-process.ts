import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Worker processes for the kill tests (job-crash, job-resume, closing-kill): a fixture bundled once, forked, and read
 * through its IPC messages — event barriers, never polling or sleeps.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `fixtures/<name>.ts` to an .mjs file (as scripts/build.mjs bundles the server: dependencies stay in
 * node_modules) and answers its path: a process starts several times faster than through tsx.
 */
export async function bundleWorker(name: string): Promise<string> {
  const outfile = path.join(here, `../../../.tsbuild/test-workers/${name}.mjs`);
  await build({
    entryPoints: [path.join(here, `fixtures/${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalize-dependencies',
        setup: (b) =>
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@assoc/') ? undefined : { path: args.path, external: true })),
      },
    ],
  });
  return outfile;
}

/** Forked workers, killed (SIGKILL) by `killAll` in the test's afterAll if still alive. */
export function workerProcesses() {
  const children: ChildProcess[] = [];
  return {
    /** A worker process, resolved once it says 'ready'. */
    start(file: string, env: Record<string, string | undefined>): Promise<ChildProcess> {
      const child = fork(file, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      return new Promise((resolve, reject) => {
        child.once('message', (m) => (m === 'ready' ? resolve(child) : reject(new Error(String(m)))));
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
      });
    },
    killAll() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** The next message of a worker that `accept` takes (any message by default); fails if the worker exits first. */
export function nextMessage<T = unknown>(child: ChildProcess, accept: (message: T) => boolean = () => true): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: T) => {
      if (!accept(message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null, signal: string | null) => {
      child.off('message', onMessage);
      reject(new Error(`worker exited with ${code ?? signal}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Kills a worker with SIGKILL and resolves once it has exited. */
export async function killWorker(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
