// Starts the real server for the end-to-end tests. It builds nothing: ../bin/tremplin (or
// $TREMPLIN_BIN) and webapp/dist must exist (the Makefile builds them first). It creates a
// fresh data folder with a SQLite database, seeds the demo accounts, creates two extra platform
// admins for the password-link tests, starts `tremplin serve` on a free port, waits for
// /healthz, and stops the server at teardown.
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { ENV, INVITED_ADMIN, RESET_ADMIN } from "./env";

const run = promisify(execFile);
const webapp = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitHealthy(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`tremplin serve exited with ${server.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`tremplin serve did not answer ${url}/healthz within 30 s; see ${logFile}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = resolve(process.env.TREMPLIN_BIN ?? resolve(webapp, "../bin/tremplin"));
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build it first (make build)`);
  if (!existsSync(resolve(webapp, "dist/index.html"))) {
    throw new Error("webapp/dist/index.html is missing: build the web app first (npm run build)");
  }

  const dataDir = mkdtempSync(join(tmpdir(), "tremplin-e2e-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `sqlite:${join(dataDir, "tremplin.db")}`,
    LISTEN_ADDR: `127.0.0.1:${port}`,
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
  };
  delete env.SMTP_URL;

  await run(bin, ["migrate"], { env });
  await run(bin, ["seed-demo"], { env });
  // An invited admin (no password yet): its /new-password link is printed.
  const invited = await run(bin, ["create-admin", "--email", INVITED_ADMIN], { env });
  const invitation = /https?:\/\/\S+\/new-password\?\S+/.exec(invited.stdout)?.[0];
  if (!invitation) throw new Error(`no invitation link in:\n${invited.stdout}`);
  // An admin with a password, for the forgotten-password flow.
  await run(bin, ["create-admin", "--email", RESET_ADMIN, "--password", "Reset-me-2026!"], { env });

  const logFile = join(dataDir, "serve.log");
  const log = createWriteStream(logFile);
  const server = spawn(bin, ["serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitHealthy(baseURL, server, logFile);

  process.env[ENV.baseURL] = baseURL;
  process.env[ENV.serverLog] = logFile;
  process.env[ENV.outbox] = join(dataDir, "outbox");
  process.env[ENV.invitationLink] = invitation;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    log.end();
    if (!process.env.TREMPLIN_E2E_KEEP) rmSync(dataDir, { recursive: true, force: true });
  };
}
