// Starts the real server for the end-to-end tests. It builds nothing: ../bin/tremplin (or
// $TREMPLIN_BIN), ../bin/stripe-double and ../bin/stripe-mock, and webapp/dist must exist (the
// Makefile builds them first). It creates a fresh data folder with a SQLite database, seeds the
// demo accounts, creates two extra platform admins for the password-link tests and two B2C
// candidates whose trial has ended for the payment tests, starts the Stripe double (Stripe's API
// on loopback), then `tremplin serve` on a free port with Stripe configured against the double,
// waits for /healthz, and stops both at teardown.
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { BILLING_CANDIDATES, DEMO, DEMO_PASSWORD, ENV, INVITED_ADMINS, RESET_ADMIN, STRIPE } from "./env";
import { passwordLinks } from "./outbox";

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

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** bin/stripe-double and the stripe-mock it runs ($STRIPE_DOUBLE_BIN, $STRIPE_MOCK_BIN). */
function stripeBinaries(): { bin: string; mock: string } {
  const bin = resolve(process.env.STRIPE_DOUBLE_BIN ?? resolve(webapp, "../bin/stripe-double"));
  const mock = resolve(process.env.STRIPE_MOCK_BIN ?? resolve(webapp, "../bin/stripe-mock"));
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build it first (make bin/stripe-double; make test-e2e does)`);
  if (!existsSync(mock)) throw new Error(`${mock} is missing: build it first (make bin/stripe-mock; make test-e2e does)`);
  return { bin, mock };
}

/**
 * Starts bin/stripe-double (stripe-mock behind internal/stripetest's double, which keeps the
 * Checkout sessions and subscriptions the tests make) on a free loopback port; answers its
 * address, read from the first line it prints.
 */
async function startStripeDouble(logFile: string): Promise<{ url: string; child: ChildProcess }> {
  const { bin, mock } = stripeBinaries();
  const log = createWriteStream(logFile);
  const child = spawn(bin, ["-addr", "127.0.0.1:0"], { env: { ...process.env, STRIPE_MOCK_BIN: mock }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = await new Promise<string>((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`stripe-double did not start within 20 s; see ${logFile}`)), 20_000);
    const done = (err?: Error, value?: string) => {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      if (err) fail(err);
      else ok(value!);
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const address = /stripe-double listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (address) done(undefined, address);
    };
    const onExit = (code: number | null) => done(new Error(`stripe-double exited with ${code}; see ${logFile}`));
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
  });
  return { url, child };
}

/** A Connect call with JSON, as the tests make them; answers the JSON and the cookies set. */
async function connectCall(baseURL: string, procedure: string, body: unknown, cookie = ""): Promise<{ json: unknown; cookie: string }> {
  const res = await fetch(`${baseURL}/${procedure}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${procedure} answered ${res.status}: ${text}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { json: JSON.parse(text) as unknown, cookie: cookies };
}

/**
 * The B2C candidates of e2e/billing.spec.ts, whose trial has ended: made through the API of a
 * server started for the purpose with TRIAL_DAYS=0 (the admin creates them, they accept their
 * invitation: the trial starts, and ends, at that first sign-in). No other way makes a trial end
 * without waiting for it.
 */
async function createTrialOverCandidates(bin: string, env: NodeJS.ProcessEnv, dataDir: string): Promise<void> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(dataDir, "serve-trial-over.log");
  const log = createWriteStream(logFile);
  const server = spawn(bin, ["serve"], {
    env: { ...env, LISTEN_ADDR: `127.0.0.1:${port}`, PUBLIC_URL: baseURL, TRIAL_DAYS: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  try {
    await waitHealthy(baseURL, server, logFile);
    const admin = await connectCall(baseURL, "tremplin.auth.v1.AuthService/Login", { email: DEMO.admin, password: DEMO_PASSWORD });
    const candidates = Object.entries(BILLING_CANDIDATES).flatMap(([width, emails]) => emails.map((email, i) => ({ width, email, i })));
    for (const { width, email, i } of candidates) {
      await connectCall(
        baseURL,
        "tremplin.agency.v1.AgencyService/CreateCandidate",
        { civility: "CIVILITY_FEMALE", firstName: "Inès", lastName: `Abonnée ${width} ${i + 1}`, email, job: "Acheteuse", isB2C: true },
        admin.cookie,
      );
      let link: string | undefined;
      for (let i = 0; i < 100 && !link; i++) {
        link = passwordLinks(email).find((l) => l.includes("/new-password"));
        if (!link) await new Promise((r) => setTimeout(r, 100));
      }
      if (!link) throw new Error(`no invitation e-mail for ${email}; see ${logFile}`);
      const params = new URL(link).searchParams;
      await connectCall(baseURL, "tremplin.auth.v1.AuthService/NewPassword", {
        id: params.get("id"),
        token: params.get("token"),
        password: DEMO_PASSWORD,
        acceptTerms: true,
      });
    }
  } finally {
    await stopProcess(server);
    log.end();
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const bin = resolve(process.env.TREMPLIN_BIN ?? resolve(webapp, "../bin/tremplin"));
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build it first (make build)`);
  if (!existsSync(resolve(webapp, "dist/index.html"))) {
    throw new Error("webapp/dist/index.html is missing: build the web app first (npm run build)");
  }
  stripeBinaries();

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
  // Invited admins (no password yet): each one's /new-password link is printed.
  const invitations: Record<string, string> = {};
  for (const email of INVITED_ADMINS) {
    const invited = await run(bin, ["create-admin", "--email", email], { env });
    const invitation = /https?:\/\/\S+\/new-password\?\S+/.exec(invited.stdout)?.[0];
    if (!invitation) throw new Error(`no invitation link in:\n${invited.stdout}`);
    invitations[email] = invitation;
  }
  // An admin with a password, for the forgotten-password flow.
  await run(bin, ["create-admin", "--email", RESET_ADMIN, "--password", "Reset-me-2026!"], { env });
  process.env[ENV.outbox] = join(dataDir, "outbox");
  await createTrialOverCandidates(bin, env, dataDir);

  const stripe = await startStripeDouble(join(dataDir, "stripe-double.log"));
  const logFile = join(dataDir, "serve.log");
  const log = createWriteStream(logFile);
  const server = spawn(bin, ["serve"], {
    env: {
      ...env,
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_PRICE_ID: STRIPE.priceId,
      STRIPE_API_BASE: stripe.url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  try {
    await waitHealthy(baseURL, server, logFile);
  } catch (err) {
    await Promise.all([stopProcess(server), stopProcess(stripe.child)]);
    throw err;
  }

  process.env[ENV.baseURL] = baseURL;
  process.env[ENV.serverLog] = logFile;
  process.env[ENV.invitationLinks] = JSON.stringify(invitations);
  process.env[ENV.stripeDouble] = stripe.url;

  return async () => {
    await stopProcess(server);
    await stopProcess(stripe.child);
    log.end();
    if (!process.env.TREMPLIN_E2E_KEEP) rmSync(dataDir, { recursive: true, force: true });
  };
}
